import type { ApiKeyEvent } from '../integrations.events';

export type ApiKey =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly keyId: string;
      readonly userId: string;
      readonly keyHash: string;
      readonly revoked: boolean;
      readonly usedAt: string | null;
    };

export const initialApiKey = (): ApiKey => ({ exists: false });

export function evolveApiKey(state: ApiKey, event: ApiKeyEvent): ApiKey {
  if (event.type === 'ApiKeyCreated') {
    const { keyId, userId, keyHash } = event.data;
    return { exists: true, keyId, userId, keyHash, revoked: false, usedAt: null };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'ApiKeyUsed':
      return { ...state, usedAt: event.data.usedAt };
    case 'ApiKeyRevoked':
      return { ...state, revoked: true };
  }
}
