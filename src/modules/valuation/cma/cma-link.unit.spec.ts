import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkCmaLink, signCmaLink } from './cma-link';

const key = randomBytes(32);
const link = {
  leadId: '11111111-1111-4111-8111-111111111111',
  sendId: '22222222-2222-4222-8222-222222222222',
  version: 3,
  expiresAt: new Date('2026-12-01T00:00:00Z'),
};

describe('the CMA link', () => {
  it('opens the version sent until it expires', () => {
    const t = signCmaLink(key, link);
    expect(checkCmaLink(key, t, new Date('2026-11-30T00:00:00Z'))).toEqual({ ok: true, link });
    expect(checkCmaLink(key, t, new Date('2026-12-01T00:00:01Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token changed in any field, made under another key, or not a token', () => {
    const t = signCmaLink(key, link);
    expect(checkCmaLink(key, t.replace('.3.', '.4.'), new Date('2026-11-30T00:00:00Z'))).toEqual({ ok: false, reason: 'forged' });
    expect(checkCmaLink(randomBytes(32), t, new Date('2026-11-30T00:00:00Z'))).toEqual({ ok: false, reason: 'forged' });
    expect(checkCmaLink(key, 'v1.x', new Date())).toEqual({ ok: false, reason: 'malformed' });
    expect(checkCmaLink(key, undefined, new Date())).toEqual({ ok: false, reason: 'malformed' });
  });
});
