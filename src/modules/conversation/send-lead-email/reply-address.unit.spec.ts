import { describe, expect, it } from 'vitest';
import { replyAddress, replyTokenOf, signReplyToken, verifyReplyToken } from './reply-address';

const SECRET = Buffer.from('a-test-secret-of-at-least-32-characters!!');
const OTHER = Buffer.from('another-secret-of-at-least-32-characters!');
const LEAD = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const LEAD2 = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4c';

describe('reply tokens: the thread named by a signed lead id', () => {
  it('round-trips the lead id, in any letter case (some mail systems fold it)', () => {
    const token = signReplyToken(SECRET, LEAD);
    expect(token).toMatch(/^[0-9a-f]{56}$/);
    expect(verifyReplyToken(SECRET, token)).toBe(LEAD);
    expect(verifyReplyToken(SECRET, token.toUpperCase())).toBe(LEAD);
  });

  it('the same lead always gets the same address; it fits an address local part', () => {
    const a = replyAddress(SECRET, LEAD, 'reply.example.com');
    expect(a).toBe(replyAddress(SECRET, LEAD, 'reply.example.com'));
    expect(a.split('@')[0]!.length).toBeLessThanOrEqual(64);
  });

  it('refuses a token for another lead made by swapping the id, a changed signature, another secret, and junk', () => {
    const token = signReplyToken(SECRET, LEAD);
    const swapped = LEAD2.replace(/-/g, '') + token.slice(32);
    expect(verifyReplyToken(SECRET, swapped)).toBeNull();
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    expect(verifyReplyToken(SECRET, flipped)).toBeNull();
    expect(verifyReplyToken(OTHER, token)).toBeNull();
    for (const junk of ['', 'abc', token.slice(0, 55), `${token}0`, 'z'.repeat(56)]) expect(verifyReplyToken(SECRET, junk)).toBeNull();
  });

  it('finds the token among the recipients, on our inbound domain only', () => {
    const token = signReplyToken(SECRET, LEAD);
    expect(replyTokenOf(`reply+${token}@reply.example.com`, 'reply.example.com')).toBe(token);
    expect(replyTokenOf(`someone@else.test, "Jane" <REPLY+${token.toUpperCase()}@Reply.Example.com>`, 'reply.example.com')).toBe(token);
    expect(replyTokenOf(`reply+${token}@evil.test`, 'reply.example.com')).toBeNull();
    expect(replyTokenOf('agent@demo.test', 'reply.example.com')).toBeNull();
  });
});
