import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERASURE_LINK_MINUTES, signErasureLinkToken, verifyErasureLinkToken } from './erasure-link-token';

const secret = randomBytes(32);
const claims = {
  requestId: '0b6f1c1e-4f7a-4d0e-9a51-8a3f2f1d9c10',
  userId: '5d2b8e44-0c57-4c1f-a0a4-2f7f2b1f6e3a',
  issuedAt: new Date('2026-11-24T03:00:00Z'),
};

describe('the erasure link token', () => {
  it('opens to its request and account while fresh', () => {
    const token = signErasureLinkToken(secret, claims);
    expect(verifyErasureLinkToken(secret, token, new Date('2026-11-24T03:59:00Z'))).toEqual({ ok: true, ...claims });
  });

  it(`refuses one older than ${ERASURE_LINK_MINUTES} minutes, one changed, and one signed under another key`, () => {
    const token = signErasureLinkToken(secret, claims);
    expect(verifyErasureLinkToken(secret, token, new Date('2026-11-24T04:01:00Z')).ok).toBe(false);
    expect(verifyErasureLinkToken(secret, token.replace(claims.userId, '11111111-2222-4333-8444-555555555555'), claims.issuedAt).ok).toBe(false);
    expect(verifyErasureLinkToken(randomBytes(32), token, claims.issuedAt).ok).toBe(false);
  });
});
