import { accountActionsRoutes } from './account-actions';
import { accountRoutes } from './account';
import { alertsRoutes } from './alerts';
import { backofficeRoutes } from './backoffice';
import { behaviourRoutes } from './behaviour';
import { churnRoutes } from './churn';
import { configRoutes } from './config';
import { demoRoutes } from './demo';
import { devOutboxesRoutes } from './dev-outboxes';
import { docsRoutes } from './docs';
import { feedsRoutes } from './feeds';
import { healthRoutes } from './health';
import { insightsRoutes } from './insights';
import { invoicesRoutes } from './invoices';
import { leadTransferRoutes } from './lead-transfer';
import { leadsRoutes } from './leads';
import { officeRoutes } from './office';
import { onboardingRoutes } from './onboarding';
import { organizerRoutes } from './organizer';
import { outboxesRoutes } from './outboxes';
import { privacyRoutes } from './privacy';
import { projectionsRoutes } from './projections';
import { publicPagesRoutes } from './public-pages';
import { pushRoutes } from './push';
import { searchRoutes } from './search';
import { setupRoutes } from './setup';
import { showingsRoutes } from './showings';
import { sitesRoutes } from './sites';
import { tasksRoutes } from './tasks';
import { translationsRoutes } from './translations';
import { uploadsRoutes } from './uploads';

/**
 * Every route declared in the contract, by area. The server implements each with `@Route`
 * (src/http/contract/), the web app calls it with `api()` (web/src/api/contract-client.ts).
 */
export const contract = {
  accountActions: accountActionsRoutes,
  account: accountRoutes,
  alerts: alertsRoutes,
  backoffice: backofficeRoutes,
  behaviour: behaviourRoutes,
  churn: churnRoutes,
  config: configRoutes,
  demo: demoRoutes,
  devOutboxes: devOutboxesRoutes,
  docs: docsRoutes,
  feeds: feedsRoutes,
  health: healthRoutes,
  insights: insightsRoutes,
  invoices: invoicesRoutes,
  leadTransfer: leadTransferRoutes,
  leads: leadsRoutes,
  office: officeRoutes,
  onboarding: onboardingRoutes,
  organizer: organizerRoutes,
  outboxes: outboxesRoutes,
  privacy: privacyRoutes,
  projections: projectionsRoutes,
  publicPages: publicPagesRoutes,
  push: pushRoutes,
  search: searchRoutes,
  setup: setupRoutes,
  showings: showingsRoutes,
  sites: sitesRoutes,
  tasks: tasksRoutes,
  translations: translationsRoutes,
  uploads: uploadsRoutes,
};
