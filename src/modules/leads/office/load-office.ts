import { fold } from '../../../commands/decider';
import type { EventStore } from '../../../eventstore/event-store.port';
import { notFound, validation } from '../../../shared/errors';
import { LEVEL, loadAccount } from '../../accounts';
import type { Viewer } from '../dashboard/viewer';
import { type OfficeEvent, officeStream } from '../leads.events';
import { type Office, officeDecider } from './office';

/** The office as its stream says now (never stale). */
export async function loadOffice(store: EventStore, brokerId: string): Promise<Office> {
  return fold(officeDecider, (await store.readStream(officeStream(brokerId))) as unknown as OfficeEvent[]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The office a viewer acts on: a broker's own, an agent's broker's (from the account, not the
 * session); staff name one (a broker's id), else 400 'brokerId is required'; a name that is no
 * broker is 404.
 */
export async function officeOfViewer(store: EventStore, viewer: Viewer, brokerId: unknown): Promise<string> {
  if (viewer.role === 'broker') return viewer.userId;
  if (viewer.role === 'agent') {
    const { account } = await loadAccount(store, viewer.userId);
    if (!account.exists || !account.brokerId) throw notFound();
    return account.brokerId;
  }
  if (typeof brokerId !== 'string' || !UUID.test(brokerId)) throw validation('brokerId is required');
  const { account } = await loadAccount(store, brokerId);
  if (!account.exists || account.securityLevel !== LEVEL.broker) throw notFound();
  return account.userId;
}
