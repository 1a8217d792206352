import { accountActionsRoutes } from './account-actions';
import { agreementsRoutes } from './agreements';
import { accountRoutes } from './account';
import { alertsRoutes } from './alerts';
import { apiKeysRoutes } from './api-keys';
import { backofficeRoutes } from './backoffice';
import { behaviourRoutes } from './behaviour';
import { chatRoutes } from './chat';
import { churnRoutes } from './churn';
import { complianceRoutes } from './compliance';
import { configRoutes } from './config';
import { conversationRoutes } from './conversation';
import { demoRoutes } from './demo';
import { devOutboxesRoutes } from './dev-outboxes';
import { docsRoutes } from './docs';
import { facebookRoutes } from './facebook';
import { feedsRoutes } from './feeds';
import { guidesRoutes } from './guides';
import { marketReportsRoutes } from './market-reports';
import { healthRoutes } from './health';
import { insightsRoutes } from './insights';
import { invoicesRoutes } from './invoices';
import { leadEmailRoutes } from './lead-email';
import { leadFlowRoutes } from './lead-flow';
import { leadTransferRoutes } from './lead-transfer';
import { leadsRoutes } from './leads';
import { listingMailRoutes } from './listing-mail';
import { mailboxRoutes } from './mailbox';
import { officeRoutes } from './office';
import { onboardingRoutes } from './onboarding';
import { organizerRoutes } from './organizer';
import { outboxesRoutes } from './outboxes';
import { plansRoutes } from './plans';
import { privacyRoutes } from './privacy';
import { projectionsRoutes } from './projections';
import { publicPagesRoutes } from './public-pages';
import { pushRoutes } from './push';
import { schoolsRoutes } from './schools';
import { searchRoutes } from './search';
import { setupRoutes } from './setup';
import { showingAnswersRoutes } from './showing-answers';
import { showingsRoutes } from './showings';
import { sitesRoutes } from './sites';
import { starterKitRoutes } from './starter-kit';
import { tasksRoutes } from './tasks';
import { translationsRoutes } from './translations';
import { uploadsRoutes } from './uploads';
import { v1DocsRoutes } from './v1';
import { v1Routes } from './v1';
import { valuationRoutes } from './valuation';
import { listingActivityRoutes } from './listing-activity';
import { webhooksRoutes } from './webhooks';

/**
 * Every route declared in the contract, by area. The server implements each with `@Route`
 * (src/http/contract/), the web app calls it with `api()` (web/src/api/contract-client.ts).
 */
export const contract = {
  accountActions: accountActionsRoutes,
  agreements: agreementsRoutes,
  account: accountRoutes,
  alerts: alertsRoutes,
  apiKeys: apiKeysRoutes,
  backoffice: backofficeRoutes,
  behaviour: behaviourRoutes,
  chat: chatRoutes,
  churn: churnRoutes,
  compliance: complianceRoutes,
  config: configRoutes,
  conversation: conversationRoutes,
  demo: demoRoutes,
  devOutboxes: devOutboxesRoutes,
  docs: docsRoutes,
  facebook: facebookRoutes,
  feeds: feedsRoutes,
  guides: guidesRoutes,
  marketReports: marketReportsRoutes,
  health: healthRoutes,
  insights: insightsRoutes,
  invoices: invoicesRoutes,
  leadEmail: leadEmailRoutes,
  leadFlow: leadFlowRoutes,
  leadTransfer: leadTransferRoutes,
  leads: leadsRoutes,
  listingMail: listingMailRoutes,
  mailbox: mailboxRoutes,
  office: officeRoutes,
  onboarding: onboardingRoutes,
  organizer: organizerRoutes,
  outboxes: outboxesRoutes,
  plans: plansRoutes,
  privacy: privacyRoutes,
  projections: projectionsRoutes,
  publicPages: publicPagesRoutes,
  push: pushRoutes,
  schools: schoolsRoutes,
  search: searchRoutes,
  setup: setupRoutes,
  showingAnswers: showingAnswersRoutes,
  showings: showingsRoutes,
  sites: sitesRoutes,
  starterKit: starterKitRoutes,
  tasks: tasksRoutes,
  translations: translationsRoutes,
  uploads: uploadsRoutes,
  v1Docs: v1DocsRoutes,
  v1: v1Routes,
  valuation: valuationRoutes,
  listingActivity: listingActivityRoutes,
  webhooks: webhooksRoutes,
};
