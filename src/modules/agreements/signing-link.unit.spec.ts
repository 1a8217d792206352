import { describe, expect, it } from 'vitest';
import { openSigningLink, signSigningLink } from './signing-link';

const KEY = Buffer.from('a'.repeat(64), 'hex');
const OTHER = Buffer.from('b'.repeat(64), 'hex');
const LINK = {
  leadId: '11111111-2222-4333-8444-555555555555',
  agreementId: '21111111-2222-4333-8444-555555555555',
  linkId: '31111111-2222-4333-8444-555555555555',
};
const AT = new Date('2031-03-01T12:00:00.000Z');

describe('the signing link (a signed token for one agreement and one sending)', () => {
  it('opens to the lead, the agreement and the link it was made for', () => {
    expect(openSigningLink(KEY, signSigningLink(KEY, LINK, AT), new Date(AT.getTime() + 3600_000))).toEqual({ ok: true, ...LINK });
  });

  it('refuses another key, an edited field, a malformed token, and one older than 14 days', () => {
    const t = signSigningLink(KEY, LINK, AT);
    expect(openSigningLink(OTHER, t, AT)).toEqual({ ok: false, reason: 'forged' });
    expect(openSigningLink(KEY, t.replace('.21111111', '.41111111'), AT)).toEqual({ ok: false, reason: 'forged' });
    expect(openSigningLink(KEY, 'v1.nope', AT)).toEqual({ ok: false, reason: 'malformed' });
    expect(openSigningLink(KEY, 42, AT)).toEqual({ ok: false, reason: 'malformed' });
    expect(openSigningLink(KEY, t, new Date(AT.getTime() + 15 * 86_400_000))).toEqual({ ok: false, reason: 'expired' });
  });
});
