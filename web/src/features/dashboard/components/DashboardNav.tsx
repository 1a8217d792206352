import { type ReactNode, useMemo } from 'react';
import { Link } from '../../../app/Link';
import { NavGroup } from './NavGroup';
import { type NavItem, OverflowNav } from './OverflowNav';
import overflow from './OverflowNav.module.css';
import page from './DashboardPage.module.css';

/** The dashboard's views (`?view=`); anything else is the lead list. */
export const VIEWS = ['leads', 'tasks', 'calendar', 'board', 'team', 'listings', 'pipeline', 'reports', 'import', 'templates', 'settings', 'site', 'plans'] as const;
export type View = (typeof VIEWS)[number];
export const viewOf = (v: string | null): View => ((VIEWS as readonly (string | null)[]).includes(v) ? (v as View) : 'leads');

type Entry = { readonly key: string; readonly label: string; readonly view?: View; readonly onClick?: () => void; readonly href?: string; readonly disabled?: boolean };
type Group = { readonly key: string; readonly label: string; readonly badge?: ReactNode; readonly entries: readonly Entry[] };

export type DashboardNavProps = {
  readonly view: View;
  readonly role: 'agent' | 'broker' | 'staff';
  readonly goView: (v: View) => void;
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
  const items = useMemo(() => navItems(p), [p.view, p.role, p.checkedCount, p.fresh]); // eslint-disable-line react-hooks/exhaustive-deps
  return <OverflowNav label="Dashboard" items={items} />;
}

function navItems(p: DashboardNavProps): NavItem[] {
  const badge = p.fresh > 0 ? <span className={page.badge} aria-label={`${p.fresh} new`}>{p.fresh}</span> : undefined;
  const groups: readonly (Group | Entry)[] = [
    {
      key: 'leads',
      label: 'Leads',
      badge,
      entries: [
        { key: 'list', label: 'All leads', view: 'leads' },
        { key: 'add', label: 'Add lead', onClick: p.onAddLead },
        { key: 'import', label: 'Import', view: 'import' },
        { key: 'text', label: `Text selected (${p.checkedCount})`, onClick: p.onTextSelected, disabled: p.checkedCount === 0 },
        { key: 'enrol', label: `Enrol selected in a plan (${p.checkedCount})`, onClick: () => p.goView('plans'), disabled: p.checkedCount === 0 },
      ],
    },
    {
      key: 'work',
      label: 'Work',
      entries: [
        { key: 'board', label: 'Board', view: 'board' },
        { key: 'tasks', label: 'Tasks', view: 'tasks' },
        { key: 'calendar', label: 'Calendar', view: 'calendar' },
        { key: 'plans', label: 'Action plans', view: 'plans' },
      ],
    },
    { key: 'listings', label: 'Listings', view: 'listings' },
    { key: 'reports', label: 'Reports', view: 'reports' },
    {
      key: 'settings',
      label: 'Settings',
      entries: [
        { key: 'mine', label: 'My settings', view: 'settings' },
        { key: 'team', label: 'Team', view: 'team' },
        ...(p.role !== 'agent' ? [{ key: 'pipeline', label: 'Pipeline', view: 'pipeline' as const }] : []),
        { key: 'templates', label: 'Templates', view: 'templates' },
        ...(p.role !== 'agent' ? [{ key: 'site-settings', label: 'Site settings', view: 'site' as const }] : []),
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
      <button type="button" className={className} aria-current={e.view && e.view === p.view ? 'page' : undefined} disabled={e.disabled} onClick={e.onClick ?? (() => e.view && p.goView(e.view))}>
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
