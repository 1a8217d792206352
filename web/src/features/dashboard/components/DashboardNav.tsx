import { type ReactNode, useMemo } from 'react';
import { Link } from '../../../app/Link';
import { NavGroup } from './NavGroup';
import { type NavItem, OverflowNav } from './OverflowNav';
import overflow from './OverflowNav.module.css';
import page from './DashboardPage.module.css';
import type { DashboardView, NavPlace } from '../views';

type Entry = {
  readonly key: string;
  readonly label: string;
  readonly view?: string;
  readonly onClick?: () => void;
  readonly href?: string;
  readonly disabled?: boolean;
};
type Group = { readonly key: string; readonly label: string; readonly badge?: ReactNode; readonly entries: readonly Entry[] };

export type DashboardNavProps = {
  /** The table of views: each entry's label and who sees it. */
  readonly views: readonly DashboardView[];
  readonly view: string;
  readonly role: 'agent' | 'broker' | 'staff';
  readonly goView: (v: string) => void;
  readonly onAddLead: () => void;
  readonly onTextSelected: () => void;
  readonly checkedCount: number;
  /** New leads since the page opened (the Leads group shows the count). */
  readonly fresh: number;
};

/**
 * The dashboard's nav in five places — Leads, Work (board, tasks, calendar), Listings, Reports,
 * Settings — so that every view is at most two keyboard steps away: a group's button, then its
 * entry. On a narrow window what does not fit goes into "more" (spec section 2), where a group
 * lists its entries under its name: still two steps.
 */
export function DashboardNav(p: DashboardNavProps) {
  const items = useMemo(() => navItems(p), [p.views, p.view, p.role, p.checkedCount, p.fresh]); // eslint-disable-line react-hooks/exhaustive-deps
  return <OverflowNav label="Dashboard" items={items} />;
}

function navItems(p: DashboardNavProps): NavItem[] {
  const badge =
    p.fresh > 0 ? (
      <span className={page.badge} aria-label={`${p.fresh} new`}>
        {p.fresh}
      </span>
    ) : undefined;
  // A place's views in the table's order, as the viewer's role may see them.
  const viewsIn = (place: NavPlace): Entry[] =>
    p.views.filter((v) => v.place === place && v.roles.includes(p.role)).map((v) => ({ key: v.id, label: v.label, view: v.id }));
  const only = (place: NavPlace): Entry => ({ ...viewsIn(place)[0]!, key: place });
  const [list, ...leadViews] = viewsIn('leads');
  const groups: readonly (Group | Entry)[] = [
    {
      key: 'leads',
      label: 'Leads',
      badge,
      entries: [
        { ...list!, key: 'list' },
        { key: 'add', label: 'Add lead', onClick: p.onAddLead },
        ...leadViews,
        { key: 'text', label: `Text selected (${p.checkedCount})`, onClick: p.onTextSelected, disabled: p.checkedCount === 0 },
        { key: 'enrol', label: `Enrol selected in a plan (${p.checkedCount})`, onClick: () => p.goView('plans'), disabled: p.checkedCount === 0 },
      ],
    },
    { key: 'work', label: 'Work', entries: viewsIn('work') },
    only('listings'),
    only('reports'),
    {
      key: 'settings',
      label: 'Settings',
      entries: [
        ...viewsIn('settings').map((e) => (e.key === 'settings' ? { ...e, key: 'mine' } : e.key === 'site' ? { ...e, key: 'site-settings' } : e)),
        ...(p.role !== 'agent' ? [{ key: 'guides', label: 'Area guides', href: '/dashboard/guides' }] : []),
        { key: 'account', label: 'My account', href: '/account' },
        { key: 'site', label: 'Public site', href: '/search' },
        ...(p.role === 'staff' ? [{ key: 'bo', label: 'Back-office', href: '/dashboard/backoffice' }] : []),
      ],
    },
  ];

  const entry = (e: Entry, className: string) =>
    e.href ? (
      <Link href={e.href} className={className}>
        {e.label}
      </Link>
    ) : (
      <button
        type="button"
        className={className}
        aria-current={e.view && e.view === p.view ? 'page' : undefined}
        disabled={e.disabled}
        onClick={e.onClick ?? (() => e.view && p.goView(e.view))}
      >
        {e.label}
      </button>
    );

  return groups.map((g) =>
    'entries' in g
      ? {
          key: g.key,
          label: g.label,
          caret: true,
          badge: g.badge,
          render: (className, inMenu) => (
            <NavGroup
              label={g.label}
              badge={g.badge}
              current={g.entries.some((e) => e.view === p.view)}
              inMenu={inMenu}
              className={className}
              menuItemClass={overflow.menuItem!}
              items={g.entries.map((e) => ({ key: e.key, label: e.label, render: (c) => entry(e, c) }))}
            />
          ),
        }
      : { key: g.key, label: g.label, render: (className) => entry(g, className) },
  );
}
