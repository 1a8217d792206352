import { describe, expect, it } from 'vitest';
import { ALERT_LINK_DAYS, signAlertLinkToken, verifyAlertLinkToken } from './alert-link-token';

const secret = Buffer.from('a-secret-of-at-least-thirty-two-characters');
const alertId = '00000000-0000-4000-8000-00000000000a';
const userId = '00000000-0000-4000-8000-000000000005';
const issuedAt = new Date('2026-01-10T12:00:00Z');
const claims = { purpose: 'open' as const, alertId, userId, issuedAt };
const later = (days: number) => new Date(issuedAt.getTime() + days * 86_400_000);

describe('alert link tokens', () => {
  it('name the purpose, the alert and the user, until they expire', () => {
    const token = signAlertLinkToken(secret, claims);
    expect(verifyAlertLinkToken(secret, token, later(1))).toEqual({ ok: true, ...claims });
    expect(verifyAlertLinkToken(secret, token, later(ALERT_LINK_DAYS - 0.01)).ok).toBe(true);
    expect(verifyAlertLinkToken(secret, token, later(ALERT_LINK_DAYS + 0.01))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyAlertLinkToken(secret, token, later(-1))).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['another alert', (t: string) => t.replace(alertId, '00000000-0000-4000-8000-00000000000b'), 'forged'],
    ['another user', (t: string) => t.replace(userId, '00000000-0000-4000-8000-000000000006'), 'forged'],
    ['a pixel token made a link token', (t: string) => t.replace('v1.pixel.', 'v1.open.'), 'forged'],
    ['a later issue time', (t: string) => t.replace(`.${issuedAt.getTime() / 1000}.`, `.${issuedAt.getTime() / 1000 + 86_400}.`), 'forged'],
    ['an altered signature', (t: string) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A'), 'forged'],
    ['a truncated signature', (t: string) => t.slice(0, -5), 'forged'],
    ['an unknown purpose', (t: string) => t.replace('v1.pixel.', 'v1.admin.'), 'malformed'],
    ['another version', (t: string) => t.replace('v1.', 'v2.'), 'malformed'],
    ['a missing part', (t: string) => t.split('.').slice(1).join('.'), 'malformed'],
    ['an overlong token', (t: string) => t + 'x'.repeat(300), 'malformed'],
  ])('refuse %s', (_name, tamper, reason) => {
    const token = signAlertLinkToken(secret, { ...claims, purpose: 'pixel' });
    expect(verifyAlertLinkToken(secret, tamper(token), later(1))).toEqual({ ok: false, reason });
  });

  it('refuse a token signed with another secret', () => {
    const token = signAlertLinkToken(Buffer.from('another-secret-of-thirty-two-characters!'), claims);
    expect(verifyAlertLinkToken(secret, token, later(1))).toEqual({ ok: false, reason: 'forged' });
  });
});
