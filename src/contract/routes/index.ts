import { accountActionsRoutes } from './account-actions';
import { backofficeRoutes } from './backoffice';
import { behaviourRoutes } from './behaviour';
import { churnRoutes } from './churn';
import { devOutboxesRoutes } from './dev-outboxes';
import { feedsRoutes } from './feeds';
import { invoicesRoutes } from './invoices';
import { onboardingRoutes } from './onboarding';
import { outboxesRoutes } from './outboxes';
import { projectionsRoutes } from './projections';
import { showingsRoutes } from './showings';
import { tasksRoutes } from './tasks';

/**
 * Every route declared in the contract, by area. The server implements each with `@Route`
 * (src/http/contract/), the web app calls it with `api()` (web/src/api/contract-client.ts).
 */
export const contract = {
  accountActions: accountActionsRoutes,
  backoffice: backofficeRoutes,
  behaviour: behaviourRoutes,
  churn: churnRoutes,
  devOutboxes: devOutboxesRoutes,
  feeds: feedsRoutes,
  invoices: invoicesRoutes,
  onboarding: onboardingRoutes,
  outboxes: outboxesRoutes,
  projections: projectionsRoutes,
  showings: showingsRoutes,
  tasks: tasksRoutes,
};
