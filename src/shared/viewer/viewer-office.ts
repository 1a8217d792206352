import type { EventStore } from '../../eventstore/event-store.port';
import { notFound, validation } from '../errors';
import { LEVEL, loadAccount } from '../../modules/accounts';
import type { Viewer } from './viewer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The office a viewer looks at: a broker's own, an agent's broker's (null for an agent of no
 * office), the one staff name with `?officeId=` (a broker's id, else 404; null when they name
 * none). A malformed id is 400.
 */
export async function viewedOffice(store: EventStore, viewer: Viewer, officeId: unknown): Promise<string | null> {
  if (viewer.role === 'broker') return viewer.userId;
  if (viewer.role === 'agent') {
    const { account } = await loadAccount(store, viewer.userId);
    return account.exists ? account.officeId : null;
  }
  if (officeId === undefined) return null;
  if (typeof officeId !== 'string' || !UUID.test(officeId)) throw validation('officeId is not an id');
  const { account } = await loadAccount(store, officeId);
  if (!account.exists || account.securityLevel !== LEVEL.broker) throw notFound();
  return account.userId;
}
