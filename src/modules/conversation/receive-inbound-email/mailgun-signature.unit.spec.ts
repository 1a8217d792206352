import { describe, expect, it } from 'vitest';
import { checkMailgunSignature, mailgunSignature } from './mailgun-signature';

const KEY = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
const NOW = new Date('2026-11-23T12:00:00Z');
const TS = String(NOW.getTime() / 1000);
const TOKEN = '0b4f2a9c1d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f';

describe('Mailgun webhook signatures', () => {
  it('is the hex HMAC-SHA256 of timestamp + token (vector computed apart, with Python hmac, as Mailgun’s own example code does)', () => {
    expect(mailgunSignature('key-3ax6xnjp29jd6fds4gc373sgvjxteol0', '1529006854', 'a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0')).toBe(
      'b63c0701c4f4b614f272106a1b367c5c3369bcdca664ae73ebd52787e45eef07',
    );
  });

  it('accepts a fresh, correctly signed post, in either letter case', () => {
    const signature = mailgunSignature(KEY, TS, TOKEN);
    expect(checkMailgunSignature(KEY, { timestamp: TS, token: TOKEN, signature }, NOW)).toBe('ok');
    expect(checkMailgunSignature(KEY, { timestamp: TS, token: TOKEN, signature: signature.toUpperCase() }, NOW)).toBe('ok');
  });

  it('unsigned: a field missing or not text', () => {
    expect(checkMailgunSignature(KEY, { timestamp: TS, token: TOKEN, signature: undefined }, NOW)).toBe('unsigned');
    expect(checkMailgunSignature(KEY, { timestamp: undefined, token: TOKEN, signature: 'x' }, NOW)).toBe('unsigned');
    expect(checkMailgunSignature(KEY, { timestamp: [TS, TS], token: TOKEN, signature: 'x' }, NOW)).toBe('unsigned');
  });

  it('forged: another key, another token or timestamp, or junk', () => {
    const signature = mailgunSignature(KEY, TS, TOKEN);
    expect(checkMailgunSignature('another-key', { timestamp: TS, token: TOKEN, signature }, NOW)).toBe('forged');
    expect(checkMailgunSignature(KEY, { timestamp: TS, token: `${TOKEN}x`, signature }, NOW)).toBe('forged');
    expect(checkMailgunSignature(KEY, { timestamp: String(Number(TS) + 1), token: TOKEN, signature }, NOW)).toBe('forged');
    expect(checkMailgunSignature(KEY, { timestamp: TS, token: TOKEN, signature: 'zz' }, NOW)).toBe('forged');
    expect(checkMailgunSignature(KEY, { timestamp: '1e9', token: TOKEN, signature }, NOW)).toBe('forged');
  });

  it('stale: signed more than 15 minutes before (or after) our clock', () => {
    const old = String(NOW.getTime() / 1000 - 15 * 60 - 1);
    expect(checkMailgunSignature(KEY, { timestamp: old, token: TOKEN, signature: mailgunSignature(KEY, old, TOKEN) }, NOW)).toBe('stale');
    const edge = String(NOW.getTime() / 1000 - 15 * 60);
    expect(checkMailgunSignature(KEY, { timestamp: edge, token: TOKEN, signature: mailgunSignature(KEY, edge, TOKEN) }, NOW)).toBe('ok');
    const ahead = String(NOW.getTime() / 1000 + 16 * 60);
    expect(checkMailgunSignature(KEY, { timestamp: ahead, token: TOKEN, signature: mailgunSignature(KEY, ahead, TOKEN) }, NOW)).toBe('stale');
  });
});
