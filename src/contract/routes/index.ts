import { behaviourRoutes } from './behaviour';
import { guidesRoutes } from './guides';
import { outboxesRoutes } from './outboxes';
import { projectionsRoutes } from './projections';
import { schoolsRoutes } from './schools';
import { showingAnswersRoutes } from './showing-answers';
import { showingsRoutes } from './showings';
import { tasksRoutes } from './tasks';

/**
 * Every route declared in the contract, by area. The server implements each with `@Route`
 * (src/http/contract/), the web app calls it with `api()` (web/src/api/contract-client.ts).
 */
export const contract = {
  behaviour: behaviourRoutes,
  guides: guidesRoutes,
  outboxes: outboxesRoutes,
  projections: projectionsRoutes,
  schools: schoolsRoutes,
  showingAnswers: showingAnswersRoutes,
  showings: showingsRoutes,
  tasks: tasksRoutes,
};
