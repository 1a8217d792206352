import { fold } from '../../commands/decider';
import type { EventStore } from '../../eventstore/event-store.port';
import { type Account, evolveAccount, initialAccount, userStream } from './account';
import type { AccountEvent } from './accounts.events';

/** The account as its stream says now, with the revision read (for an expected-revision append). */
export async function loadAccount(store: EventStore, userId: string): Promise<{ account: Account; revision: bigint | undefined }> {
  const events = await store.readStream(userStream(userId));
  return {
    account: fold({ initialState: initialAccount, evolve: evolveAccount }, events as unknown as AccountEvent[]),
    revision: events.at(-1)?.streamPosition,
  };
}
