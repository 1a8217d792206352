import type { ComponentType, Dispatch, LazyExoticComponent, SetStateAction } from 'react';
import type { Agent, FeedLead, Role } from '../../api/dashboardApi';
import type { Subscribe } from '../conversation';

/** What the shell hands every view: who is looking, the live pushes, and the lead list it holds. */
export type DashboardViewProps = {
  readonly role: Role;
  readonly viewerId: string | null;
  readonly agents: readonly Agent[];
  readonly setAgents: Dispatch<SetStateAction<readonly Agent[]>>;
  readonly now: number;
  readonly subscribe: Subscribe;
  readonly connected: boolean;
  readonly onOpenLead: (leadId: string) => void;
  readonly leads: readonly FeedLead[];
  readonly checked: readonly string[];
  readonly goView: (view: string) => void;
  readonly reloadFeed: () => void;
};

/** Where a view sits in the nav's five places (docs/architecture.md, Web app rooms). */
export type NavPlace = 'leads' | 'work' | 'listings' | 'reports' | 'settings';

/**
 * One row of the dashboard's table of views (`?view=<id>`). `View` is loaded on first use, so each
 * view's code is its own download; null is the lead list, which the shell itself renders.
 */
export type DashboardView = {
  readonly id: string;
  readonly label: string;
  readonly place: NavPlace;
  /** Who sees the view in the nav; the server still decides what each may read and do. */
  readonly roles: readonly Role[];
  readonly View: LazyExoticComponent<ComponentType<DashboardViewProps>> | null;
  /** Starts fetching the view's code before it renders. */
  readonly preload?: () => Promise<unknown>;
  /**
   * The view reads the shell's lead list (`leads`, `checked`). Only then does the shell fetch the
   * list on that view: at 100,000 leads it is the dearest read of the page.
   */
  readonly usesLeads?: boolean;
};

export const LEAD_LIST = 'leads';

/** Whether the shell needs its lead list on this view (the list itself, or a view that reads it). */
export const needsLeadList = (view: DashboardView): boolean => view.View === null || view.usesLeads === true;

/**
 * The view a `?view=` names, the lead list for anything else, and for a view that is not the
 * viewer's role (once the role is known): a link to another role's view shows nothing of it.
 */
export const viewOf = (views: readonly DashboardView[], id: string | null, role?: Role): DashboardView => {
  const named = views.find((v) => v.id === id);
  return named && (role === undefined || named.roles.includes(role)) ? named : views.find((v) => v.id === LEAD_LIST)!;
};
