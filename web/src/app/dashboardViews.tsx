import { lazy, type ReactNode } from 'react';
import { dashboardApi } from '../api/dashboardApi';
import type { DashboardView, DashboardViewProps } from '../features/dashboard';

const ALL = ['agent', 'broker', 'staff'] as const;
const MANAGERS = ['broker', 'staff'] as const;
const STAFF = ['staff'] as const;

/** A view's code, fetched the first time the view opens (its own chunk in the build). */
function load<M>(module: () => Promise<M>, render: (m: M, p: DashboardViewProps) => ReactNode): Pick<DashboardView, 'View' | 'preload'> {
  let fetching: Promise<M> | undefined;
  const preload = () => (fetching ??= module());
  const View = lazy(async () => {
    const m = await preload();
    return { default: (p: DashboardViewProps) => render(m, p) };
  });
  return { View, preload };
}

/**
 * The dashboard's table of views: id (`?view=`), nav label, who sees it, and its loader. The
 * composition root holds it so that the dashboard shell knows no other feature's insides and each
 * feature's view stays behind a dynamic import.
 */
export const DASHBOARD_VIEWS: readonly DashboardView[] = [
  { id: 'leads', label: 'All leads', place: 'leads', roles: ALL, View: null },
  {
    id: 'import',
    label: 'Import',
    place: 'leads',
    roles: ALL,
    ...load(
      () => import('../features/leads/components/ImportLeadsView'),
      (m, p) => (
        <m.ImportLeadsView
          role={p.role}
          viewerId={p.viewerId}
          agents={p.agents}
          onDone={() => {
            p.goView('leads');
            p.reloadFeed();
          }}
        />
      ),
    ),
  },
  {
    id: 'board',
    label: 'Board',
    place: 'work',
    roles: ALL,
    ...load(
      () => import('../features/pipeline/components/BoardView'),
      (m, p) => <m.BoardView subscribe={p.subscribe} connected={p.connected} onOpen={p.onOpenLead} now={p.now} />,
    ),
  },
  {
    id: 'tasks',
    label: 'Tasks',
    place: 'work',
    roles: ALL,
    ...load(
      () => import('../features/tasks/components/TasksView'),
      (m, p) => <m.TasksView role={p.role} agents={p.agents} now={p.now} onOpenLead={p.onOpenLead} />,
    ),
  },
  {
    id: 'calendar',
    label: 'Calendar',
    place: 'work',
    roles: ALL,
    ...load(
      () => import('../features/tasks/components/CalendarView'),
      (m, p) => <m.CalendarView role={p.role} onOpenLead={p.onOpenLead} subscribe={p.subscribe} />,
    ),
  },
  {
    id: 'agreements',
    label: 'Buyer agreements',
    place: 'work',
    roles: ALL,
    ...load(
      () => import('../features/agreements/components/UncoveredBuyersView'),
      (m, p) => <m.UncoveredBuyersView onOpenLead={p.onOpenLead} />,
    ),
  },
  {
    id: 'plans',
    label: 'Action plans',
    place: 'work',
    roles: ALL,
    usesLeads: true,
    ...load(
      () => import('../features/plans/components/PlansView'),
      (m, p) => <m.PlansView role={p.role} leads={p.leads} checked={p.checked} />,
    ),
  },
  {
    id: 'listings',
    label: 'Listings',
    place: 'listings',
    roles: ALL,
    ...load(
      () => import('../features/listings/components/MyListings'),
      (m, p) => <m.MyListings role={p.role} />,
    ),
  },
  {
    id: 'listing-activity',
    label: 'Listing activity',
    place: 'listings',
    roles: ALL,
    ...load(
      () => import('../features/listing-activity'),
      (m) => <m.ListingActivityView />,
    ),
  },
  // Charts are a large library: only the reports view loads it.
  {
    id: 'reports',
    label: 'Reports',
    place: 'reports',
    roles: ALL,
    ...load(
      () => import('../features/reports/components/ReportsPage'),
      (m, p) => <m.ReportsPage role={p.role} agents={p.agents} />,
    ),
  },
  {
    id: 'settings',
    label: 'My settings',
    place: 'settings',
    roles: ALL,
    ...load(
      () => import('../features/settings/components/SettingsView'),
      (m) => <m.SettingsView />,
    ),
  },
  {
    id: 'team',
    label: 'Team',
    place: 'settings',
    roles: ALL,
    ...load(
      () => import('../features/team/components/TeamPanel'),
      (m, p) => (
        <m.TeamPanel
          agents={p.agents}
          role={p.role}
          viewerId={p.viewerId}
          onMlsId={async (agentId, mlsId) => {
            const { mlsId: inForce, pendingMlsId } =
              agentId === p.viewerId ? await dashboardApi.setMlsId(mlsId) : await dashboardApi.setAgentMlsId(agentId, mlsId);
            p.setAgents((as) => as.map((a) => (a.userId === agentId ? { ...a, mlsId: inForce, pendingMlsId } : a)));
            return { mlsId: inForce, pendingMlsId };
          }}
          onBio={(bio) => p.setAgents((as) => as.map((a) => (a.userId === p.viewerId ? { ...a, bio } : a)))}
          onToggle={(id, active) =>
            void dashboardApi.setActive(id, active).then(
              () => p.setAgents((as) => as.map((a) => (a.userId === id ? { ...a, active } : a))),
              () => undefined,
            )
          }
        />
      ),
    ),
  },
  {
    id: 'api',
    label: 'API',
    place: 'settings',
    roles: ALL,
    ...load(
      () => import('../features/api-keys/components/ApiKeysView'),
      (m) => <m.ApiKeysView />,
    ),
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    place: 'settings',
    roles: ALL,
    ...load(
      () => import('../features/webhooks/components/WebhooksView'),
      (m) => <m.WebhooksView />,
    ),
  },
  {
    id: 'lead-flow',
    label: 'Lead flow',
    place: 'settings',
    roles: ['broker'],
    ...load(
      () => import('../features/lead-flow/components/LeadFlowView'),
      (m, p) => <m.LeadFlowView agents={p.agents} />,
    ),
  },
  {
    id: 'facebook',
    label: 'Facebook leads',
    place: 'settings',
    roles: ['broker'],
    ...load(
      () => import('../features/facebook-leads'),
      (m) => <m.FacebookLeadsView />,
    ),
  },
  {
    id: 'pipeline',
    label: 'Pipeline',
    place: 'settings',
    roles: MANAGERS,
    ...load(
      () => import('../features/pipeline/components/PipelinePanel'),
      (m, p) => <m.PipelinePanel role={p.role} />,
    ),
  },
  {
    id: 'templates',
    label: 'Templates',
    place: 'settings',
    roles: ALL,
    ...load(
      () => import('../features/templates/components/EmailTemplatesPanel'),
      (m, p) => <m.EmailTemplatesPanel role={p.role} />,
    ),
  },
  {
    id: 'site',
    label: 'Site settings',
    place: 'settings',
    roles: MANAGERS,
    ...load(
      () => import('../features/sites/components/SiteSettingsView'),
      (m) => <m.SiteSettingsView />,
    ),
  },
  // Feeds are platform-wide (every site searches every listing): their setup is staff's.
  {
    id: 'feeds',
    label: 'MLS feeds',
    place: 'settings',
    roles: STAFF,
    ...load(
      () => import('../features/feed-setup/components/FeedSetupView'),
      (m) => <m.FeedSetupView />,
    ),
  },
];
