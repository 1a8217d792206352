import type { EventStore } from '../../eventstore/event-store.port';
import { LEVEL, loadAccount } from '../../modules/accounts';

/** True when `userId` is an agent of the office run by `officeId` (null: independent agents), or that broker. */
export async function isInOffice(store: EventStore, userId: string, officeId: string | null): Promise<boolean> {
  const { account } = await loadAccount(store, userId);
  return account.exists && ((account.securityLevel === LEVEL.agent && account.officeId === officeId) || account.userId === officeId);
}
