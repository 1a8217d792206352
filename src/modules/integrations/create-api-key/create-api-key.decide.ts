import type { Decider } from '../../../commands/decider';
import { type ApiKey, evolveApiKey, initialApiKey } from '../api-keys/api-key';
import type { ApiKeyEvent } from '../integrations.events';

export type CreateApiKey = { readonly keyId: string; readonly userId: string; readonly name: string; readonly keyHash: string };

/** A second create with the same id (a retry) appends nothing. */
export function decideCreateApiKey(c: CreateApiKey, s: ApiKey): ApiKeyEvent[] {
  if (s.exists) return [];
  return [{ type: 'ApiKeyCreated', data: { keyId: c.keyId, userId: c.userId, name: c.name, keyHash: c.keyHash } }];
}

export const createApiKeyDecider: Decider<ApiKey, CreateApiKey, ApiKeyEvent> = {
  initialState: initialApiKey,
  evolve: evolveApiKey,
  decide: decideCreateApiKey,
};
