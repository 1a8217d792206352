import { describe, it } from 'vitest';
import { deciderSpecification } from '../../../../tests/support/decider-specification';
import { createApiKeyDecider } from '../create-api-key/create-api-key.decide';
import { revokeApiKeyDecider } from '../revoke-api-key/revoke-api-key.decide';
import { noteKeyUseDecider, USE_NOTED_EVERY_MS } from '../v1/note-key-use.decide';
import type { ApiKeyEvent } from '../integrations.events';

const created: ApiKeyEvent = { type: 'ApiKeyCreated', data: { keyId: 'K', userId: 'U', name: 'Dialer', keyHash: 'ab' } };
const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { keyId: 'K', userId: 'U', byUserId: 'U' } };
const T0 = '2026-03-02T10:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

describe('API keys (given / when / then)', () => {
  it('given no key, when one is made, then ApiKeyCreated; the same make again (a retry) appends nothing', () => {
    deciderSpecification(createApiKeyDecider).given().when({ keyId: 'K', userId: 'U', name: 'Dialer', keyHash: 'ab' }).then([created]);
    deciderSpecification(createApiKeyDecider).given(created).when({ keyId: 'K', userId: 'U', name: 'Dialer', keyHash: 'ab' }).thenNothing();
  });

  it('given a key, its maker revokes it once; someone else cannot (not found), staff can', () => {
    const { given } = deciderSpecification(revokeApiKeyDecider);
    given(created).when({ keyId: 'K', byUserId: 'U', isStaff: false }).then([revoked]);
    given(created, revoked).when({ keyId: 'K', byUserId: 'U', isStaff: false }).thenNothing();
    given(created).when({ keyId: 'K', byUserId: 'X', isStaff: false }).thenRefused({ code: 'not_found', message: 'No such API key' });
    given(created)
      .when({ keyId: 'K', byUserId: 'S', isStaff: true })
      .then([{ type: 'ApiKeyRevoked', data: { keyId: 'K', userId: 'U', byUserId: 'S' } }]);
    given().when({ keyId: 'K', byUserId: 'U', isStaff: false }).thenRefused({ code: 'not_found', message: 'No such API key' });
  });

  it('a use is noted the first time, then not again until the interval has passed; never for a revoked key', () => {
    const { given } = deciderSpecification(noteKeyUseDecider);
    const used = (at: string): ApiKeyEvent => ({ type: 'ApiKeyUsed', data: { keyId: 'K', userId: 'U', usedAt: at } });
    given(created)
      .when({ keyId: 'K', at: T0 })
      .then([used(T0)]);
    given(created, used(T0))
      .when({ keyId: 'K', at: later(USE_NOTED_EVERY_MS - 1) })
      .thenNothing();
    given(created, used(T0))
      .when({ keyId: 'K', at: later(USE_NOTED_EVERY_MS) })
      .then([used(later(USE_NOTED_EVERY_MS))]);
    given(created, revoked).when({ keyId: 'K', at: T0 }).thenNothing();
  });
});
