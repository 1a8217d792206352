import { behaviourRoutes } from './behaviour';
import { chatRoutes } from './chat';
import { conversationRoutes } from './conversation';
import { leadEmailRoutes } from './lead-email';
import { listingMailRoutes } from './listing-mail';
import { mailboxRoutes } from './mailbox';
import { outboxesRoutes } from './outboxes';
import { plansRoutes } from './plans';
import { projectionsRoutes } from './projections';
import { showingsRoutes } from './showings';
import { starterKitRoutes } from './starter-kit';
import { tasksRoutes } from './tasks';

/**
 * Every route declared in the contract, by area. The server implements each with `@Route`
 * (src/http/contract/), the web app calls it with `api()` (web/src/api/contract-client.ts).
 */
export const contract = {
  behaviour: behaviourRoutes,
  chat: chatRoutes,
  conversation: conversationRoutes,
  leadEmail: leadEmailRoutes,
  listingMail: listingMailRoutes,
  mailbox: mailboxRoutes,
  outboxes: outboxesRoutes,
  plans: plansRoutes,
  projections: projectionsRoutes,
  showings: showingsRoutes,
  starterKit: starterKitRoutes,
  tasks: tasksRoutes,
};
