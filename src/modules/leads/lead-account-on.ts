import type { EventStore } from '../../eventstore/event-store.port';
import { type BackofficeEvent, backofficeStream, evolveAccountAdmin, initialAccountAdmin } from '../backoffice';
import { leadIdFor, leadStream } from './lead';

/**
 * Whose lead an account's inquiry or visit on a site belongs to (issue 18): the account's own lead
 * there when it has one (a merge folds that one on the dashboard), else, for an account merged
 * into another, the kept account's, so that a merged person's inquiry or browsing on a new site
 * lands on the lead the office works (an inquiry may make it the kept account's new lead) instead
 * of a new duplicate.
 */
export async function leadAccountOn(store: EventStore, userId: string, siteId: string): Promise<string> {
  if ((await store.streamRevision(leadStream(leadIdFor(userId, siteId)))) !== undefined) return userId;
  const admin = (await store.readStream(backofficeStream(userId))).reduce(
    (s, e) => evolveAccountAdmin(s, e as unknown as BackofficeEvent),
    initialAccountAdmin(),
  );
  return admin.mergedInto?.userId ?? userId;
}
