import { fold } from '../../../commands/decider';
import type { EventStore } from '../../../eventstore/event-store.port';
import { type ApiKey, evolveApiKey, initialApiKey } from './api-key';
import { type ApiKeyEvent, apiKeyStream } from '../integrations.events';

/** The key as its stream says now: strongly consistent, so a revoke is refused on every instance at once. */
export async function loadApiKey(store: EventStore, keyId: string): Promise<ApiKey> {
  const events = await store.readStream(apiKeyStream(keyId));
  return fold({ initialState: initialApiKey, evolve: evolveApiKey }, events as unknown as ApiKeyEvent[]);
}
