import type { Decider } from '../../../commands/decider';
import { notFound } from '../../../shared/errors';
import { type ApiKey, evolveApiKey, initialApiKey } from '../api-keys/api-key';
import type { ApiKeyEvent } from '../integrations.events';

export type RevokeApiKey = { readonly keyId: string; readonly byUserId: string; readonly isStaff: boolean };

/** Its maker (or staff) revokes a key; someone else's key is not there for them (404); a second revoke appends nothing. */
export function decideRevokeApiKey(c: RevokeApiKey, s: ApiKey): ApiKeyEvent[] {
  if (!s.exists || (s.userId !== c.byUserId && !c.isStaff)) throw notFound('No such API key');
  if (s.revoked) return [];
  return [{ type: 'ApiKeyRevoked', data: { keyId: s.keyId, userId: s.userId, byUserId: c.byUserId } }];
}

export const revokeApiKeyDecider: Decider<ApiKey, RevokeApiKey, ApiKeyEvent> = {
  initialState: initialApiKey,
  evolve: evolveApiKey,
  decide: decideRevokeApiKey,
};
