import { behaviourRoutes } from './behaviour';
import { insightsRoutes } from './insights';
import { leadTransferRoutes } from './lead-transfer';
import { leadsRoutes } from './leads';
import { officeRoutes } from './office';
import { outboxesRoutes } from './outboxes';
import { projectionsRoutes } from './projections';
import { showingsRoutes } from './showings';
import { tasksRoutes } from './tasks';

/**
 * Every route declared in the contract, by area. The server implements each with `@Route`
 * (src/http/contract/), the web app calls it with `api()` (web/src/api/contract-client.ts).
 */
export const contract = {
  behaviour: behaviourRoutes,
  insights: insightsRoutes,
  leadTransfer: leadTransferRoutes,
  leads: leadsRoutes,
  office: officeRoutes,
  outboxes: outboxesRoutes,
  projections: projectionsRoutes,
  showings: showingsRoutes,
  tasks: tasksRoutes,
};
