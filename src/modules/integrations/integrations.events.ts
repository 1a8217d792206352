/**
 * API keys, one stream per key, `apikey-{keyId}`: made by a user (who it acts as), named, stored
 * as the SHA-256 of the key (256 random bits, so a plain hash cannot be undone by guessing), used
 * (noted at most once per USE_NOTED_EVERY, not on every call), revoked.
 */
export type ApiKeyCreated = {
  readonly type: 'ApiKeyCreated';
  readonly data: { readonly keyId: string; readonly userId: string; readonly name: string; readonly keyHash: string };
};
export type ApiKeyUsed = { readonly type: 'ApiKeyUsed'; readonly data: { readonly keyId: string; readonly userId: string; readonly usedAt: string } };
export type ApiKeyRevoked = { readonly type: 'ApiKeyRevoked'; readonly data: { readonly keyId: string; readonly userId: string; readonly byUserId: string } };

export type ApiKeyEvent = ApiKeyCreated | ApiKeyUsed | ApiKeyRevoked;
export const apiKeyEventTypes = ['ApiKeyCreated', 'ApiKeyUsed', 'ApiKeyRevoked'] as const satisfies readonly ApiKeyEvent['type'][];
export const apiKeyStream = (keyId: string) => `apikey-${keyId}`;
