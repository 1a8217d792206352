import { describe, expect, it } from 'vitest';
import { openProposalLink, signProposalLink } from './showing-answer-link';

const KEY = Buffer.from('a'.repeat(64), 'hex');
const OTHER = Buffer.from('b'.repeat(64), 'hex');
const ID = '11111111-2222-4333-8444-555555555555';
const AT = new Date('2030-03-01T12:00:00.000Z');

describe('the proposal e-mail link (a signed token for one showing and one version of its time)', () => {
  it('opens to the showing and the sequence it was made for', () => {
    expect(openProposalLink(KEY, signProposalLink(KEY, ID, 2, AT), new Date(AT.getTime() + 3600_000))).toEqual({ ok: true, showingId: ID, sequence: 2 });
  });

  it('refuses another key, an edited field, a malformed token, and one older than 30 days', () => {
    const t = signProposalLink(KEY, ID, 2, AT);
    expect(openProposalLink(OTHER, t, AT)).toEqual({ ok: false, reason: 'forged' });
    expect(openProposalLink(KEY, t.replace('.2.', '.3.'), AT)).toEqual({ ok: false, reason: 'forged' });
    expect(openProposalLink(KEY, 'v1.nope', AT)).toEqual({ ok: false, reason: 'malformed' });
    expect(openProposalLink(KEY, undefined, AT)).toEqual({ ok: false, reason: 'malformed' });
    expect(openProposalLink(KEY, t, new Date(AT.getTime() + 31 * 86_400_000))).toEqual({ ok: false, reason: 'expired' });
  });
});
