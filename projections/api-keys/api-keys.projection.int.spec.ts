import { describe, expect, it } from 'vitest';
import type { ApiKeyEvent } from '../../src/modules/integrations/integrations.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { apiKeysOf, apiKeysProjection } from './index';

const JANE = specId(1);
const ALEX = specId(2);
const created = (n: number, userId: string, name: string): ApiKeyEvent => ({
  type: 'ApiKeyCreated',
  data: { keyId: specId(100 + n), userId, name, keyHash: 'ab'.repeat(32) },
});

describe('API keys read model', () => {
  const spec = projectionSpecification(apiKeysProjection);

  it('given keys of two users, then each lists their own, newest first, never used yet', () =>
    spec
      .given(created(1, JANE, 'Dialer'), created(2, ALEX, 'Books'), { ...created(3, JANE, 'Reports'), metadata: { at: '2026-03-02T16:00:00.000Z' } })
      .then(async ({ pool }) => {
        expect(await apiKeysOf(pool, JANE)).toEqual([
          { keyId: specId(103), name: 'Reports', createdAt: '2026-03-02T16:00:00.000Z', lastUsedAt: null },
          { keyId: specId(101), name: 'Dialer', createdAt: expect.any(String), lastUsedAt: null },
        ]);
        expect((await apiKeysOf(pool, ALEX)).map((k) => k.name)).toEqual(['Books']);
      }));

  it('given a key, when it is used, then its last use shows (an older use noted late does not go back); when revoked, it is not listed', () =>
    spec
      .given(created(1, JANE, 'Dialer'), created(2, JANE, 'Other'))
      .when(
        { type: 'ApiKeyUsed', data: { keyId: specId(101), userId: JANE, usedAt: '2026-03-02T17:00:00.000Z' } },
        { type: 'ApiKeyUsed', data: { keyId: specId(101), userId: JANE, usedAt: '2026-03-02T16:00:00.000Z' } },
        { type: 'ApiKeyRevoked', data: { keyId: specId(102), userId: JANE, byUserId: JANE } },
      )
      .then(async ({ pool }) => {
        expect(await apiKeysOf(pool, JANE)).toEqual([
          { keyId: specId(101), name: 'Dialer', createdAt: expect.any(String), lastUsedAt: '2026-03-02T17:00:00.000Z' },
        ]);
      }));
});
