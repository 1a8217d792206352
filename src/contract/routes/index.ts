import { accountActionsRoutes } from './account-actions';
import { accountRoutes } from './account';
import { backofficeRoutes } from './backoffice';
import { behaviourRoutes } from './behaviour';
import { churnRoutes } from './churn';
import { configRoutes } from './config';
import { demoRoutes } from './demo';
import { devOutboxesRoutes } from './dev-outboxes';
import { docsRoutes } from './docs';
import { feedsRoutes } from './feeds';
import { healthRoutes } from './health';
import { invoicesRoutes } from './invoices';
import { onboardingRoutes } from './onboarding';
import { outboxesRoutes } from './outboxes';
import { privacyRoutes } from './privacy';
import { projectionsRoutes } from './projections';
import { pushRoutes } from './push';
import { setupRoutes } from './setup';
import { showingsRoutes } from './showings';
import { tasksRoutes } from './tasks';
import { translationsRoutes } from './translations';
import { uploadsRoutes } from './uploads';
import { valuationRoutes } from './valuation';

/**
 * Every route declared in the contract, by area. The server implements each with `@Route`
 * (src/http/contract/), the web app calls it with `api()` (web/src/api/contract-client.ts).
 */
export const contract = {
  accountActions: accountActionsRoutes,
  account: accountRoutes,
  backoffice: backofficeRoutes,
  behaviour: behaviourRoutes,
  churn: churnRoutes,
  config: configRoutes,
  demo: demoRoutes,
  devOutboxes: devOutboxesRoutes,
  docs: docsRoutes,
  feeds: feedsRoutes,
  health: healthRoutes,
  invoices: invoicesRoutes,
  onboarding: onboardingRoutes,
  outboxes: outboxesRoutes,
  privacy: privacyRoutes,
  projections: projectionsRoutes,
  push: pushRoutes,
  setup: setupRoutes,
  showings: showingsRoutes,
  tasks: tasksRoutes,
  translations: translationsRoutes,
  uploads: uploadsRoutes,
  valuation: valuationRoutes,
};
