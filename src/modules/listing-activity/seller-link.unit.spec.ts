import { describe, expect, it } from 'vitest';
import { checkSellerLink, signSellerLink } from './seller-link';

const secret = Buffer.from('a server secret of at least thirty-two characters');
const now = new Date('2026-03-01T00:00:00Z');
const expiresAt = new Date('2026-03-31T00:00:00Z');

describe('the seller link to a listing report', () => {
  it('opens to its listing, a pdid with dots included, until it expires', () => {
    const token = signSellerLink(secret, { pdid: 'MLS.a-1:2', expiresAt });
    expect(checkSellerLink(secret, token, now)).toEqual({ ok: true, link: { pdid: 'MLS.a-1:2', expiresAt } });
    expect(checkSellerLink(secret, token, expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses one signed under another secret, or a changed one', () => {
    const token = signSellerLink(secret, { pdid: 'X-1', expiresAt });
    expect(checkSellerLink(Buffer.from('another secret of at least thirty-two characters'), token, now)).toEqual({ ok: false, reason: 'forged' });
    const [v, , exp, mac] = token.split('.');
    expect(checkSellerLink(secret, [v, Buffer.from('X-2').toString('base64url'), exp, mac].join('.'), now)).toEqual({ ok: false, reason: 'forged' });
    expect(checkSellerLink(secret, 'v1.nonsense', now)).toEqual({ ok: false, reason: 'malformed' });
  });
});
