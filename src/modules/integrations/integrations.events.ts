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

/**
 * A lead delivered from outside (API v1, later portal e-mails and webhooks) with the sender's id:
 * one stream per office, source and sender's id, `leadintake-{id}` (id: a digest of the three),
 * so the same delivery twice, on any instance, lands once. Claimed before the lead is touched
 * (a concurrent twin waits for the answer), then recorded with the answer it gave.
 */
export type LeadIntakeClaimed = {
  readonly type: 'LeadIntakeClaimed';
  readonly data: { readonly officeId: string; readonly source: string; readonly externalId: string };
};
export type LeadIntakeRecorded = {
  readonly type: 'LeadIntakeRecorded';
  readonly data: { readonly officeId: string; readonly source: string; readonly externalId: string; readonly leadId: string; readonly created: boolean };
};
export type LeadIntakeEvent = LeadIntakeClaimed | LeadIntakeRecorded;
export const leadIntakeEventTypes = ['LeadIntakeClaimed', 'LeadIntakeRecorded'] as const satisfies readonly LeadIntakeEvent['type'][];

export * from './lead-flow/lead-flow.events';
export * from './portal-intake/intake-inbox.events';
