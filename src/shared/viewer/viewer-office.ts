import type { EventStore } from '../../eventstore/event-store.port';
import { notFound, validation } from '../errors';
import { LEVEL, loadAccount } from '../../modules/accounts';
import type { Viewer } from './viewer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The office a viewer looks at: a broker's own, an agent's broker's (null for an agent of no
 * office), the one staff name with `?brokerId=` (a broker's id, else 404; null when they name
 * none). A malformed id is 400.
 */
export async function viewedOffice(store: EventStore, viewer: Viewer, brokerId: unknown): Promise<string | null> {
  if (viewer.role === 'broker') return viewer.userId;
  if (viewer.role === 'agent') {
    const { account } = await loadAccount(store, viewer.userId);
    return account.exists ? account.brokerId : null;
  }
  if (brokerId === undefined) return null;
  if (typeof brokerId !== 'string' || !UUID.test(brokerId)) throw validation('brokerId is not an id');
  const { account } = await loadAccount(store, brokerId);
  if (!account.exists || account.securityLevel !== LEVEL.broker) throw notFound();
  return account.userId;
}
