import { alertsRoutes } from './alerts';
import { behaviourRoutes } from './behaviour';
import { organizerRoutes } from './organizer';
import { outboxesRoutes } from './outboxes';
import { projectionsRoutes } from './projections';
import { publicPagesRoutes } from './public-pages';
import { searchRoutes } from './search';
import { showingsRoutes } from './showings';
import { sitesRoutes } from './sites';
import { tasksRoutes } from './tasks';

/**
 * Every route declared in the contract, by area. The server implements each with `@Route`
 * (src/http/contract/), the web app calls it with `api()` (web/src/api/contract-client.ts).
 */
export const contract = {
  alerts: alertsRoutes,
  behaviour: behaviourRoutes,
  organizer: organizerRoutes,
  outboxes: outboxesRoutes,
  projections: projectionsRoutes,
  publicPages: publicPagesRoutes,
  search: searchRoutes,
  showings: showingsRoutes,
  sites: sitesRoutes,
  tasks: tasksRoutes,
};
