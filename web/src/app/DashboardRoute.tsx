import { DashboardPage } from '../features/dashboard';
import { DASHBOARD_VIEWS } from './dashboardViews';

/** /dashboard: the shell with the app's table of views. */
export function DashboardRoute() {
  return <DashboardPage views={DASHBOARD_VIEWS} />;
}
