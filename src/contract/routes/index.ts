import { accountRoutes } from './account';
import { behaviourRoutes } from './behaviour';
import { configRoutes } from './config';
import { demoRoutes } from './demo';
import { docsRoutes } from './docs';
import { healthRoutes } from './health';
import { outboxesRoutes } from './outboxes';
import { privacyRoutes } from './privacy';
import { projectionsRoutes } from './projections';
import { pushRoutes } from './push';
import { setupRoutes } from './setup';
import { showingsRoutes } from './showings';
import { tasksRoutes } from './tasks';
import { translationsRoutes } from './translations';
import { uploadsRoutes } from './uploads';

/**
 * Every route declared in the contract, by area. The server implements each with `@Route`
 * (src/http/contract/), the web app calls it with `api()` (web/src/api/contract-client.ts).
 */
export const contract = {
  account: accountRoutes,
  behaviour: behaviourRoutes,
  config: configRoutes,
  demo: demoRoutes,
  docs: docsRoutes,
  health: healthRoutes,
  outboxes: outboxesRoutes,
  privacy: privacyRoutes,
  projections: projectionsRoutes,
  push: pushRoutes,
  setup: setupRoutes,
  showings: showingsRoutes,
  tasks: tasksRoutes,
  translations: translationsRoutes,
  uploads: uploadsRoutes,
};
