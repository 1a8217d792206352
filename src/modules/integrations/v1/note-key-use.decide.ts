import type { Decider } from '../../../commands/decider';
import { type ApiKey, evolveApiKey, initialApiKey } from '../api-keys/api-key';
import type { ApiKeyEvent } from '../integrations.events';

/** "Last used" is shown to the minute's worth a person needs: noted at most this often, not on every call. */
export const USE_NOTED_EVERY_MS = 5 * 60_000;

export type NoteKeyUse = { readonly keyId: string; readonly at: string };

export function decideNoteKeyUse(c: NoteKeyUse, s: ApiKey): ApiKeyEvent[] {
  if (!s.exists || s.revoked) return [];
  if (s.usedAt && Date.parse(c.at) - Date.parse(s.usedAt) < USE_NOTED_EVERY_MS) return [];
  return [{ type: 'ApiKeyUsed', data: { keyId: s.keyId, userId: s.userId, usedAt: c.at } }];
}

export const noteKeyUseDecider: Decider<ApiKey, NoteKeyUse, ApiKeyEvent> = { initialState: initialApiKey, evolve: evolveApiKey, decide: decideNoteKeyUse };
