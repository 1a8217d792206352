import { describe, expect, it } from 'vitest';
import { signUploadToken, UPLOAD_TOKEN_MINUTES, verifyUploadToken } from './upload-token';

const secret = Buffer.from('a-secret-of-at-least-thirty-two-characters');
const now = new Date('2026-11-23T12:00:00Z');

describe('upload tokens', () => {
  it('name the form, expire after 30 minutes, and differ every time', () => {
    const a = signUploadToken(secret, 'inquiry', now);
    expect(a.expiresAt).toBe('2026-11-23T12:30:00.000Z');
    expect(verifyUploadToken(secret, a.token, now)).toMatchObject({ ok: true, form: 'inquiry' });
    expect(verifyUploadToken(secret, a.token, new Date(now.getTime() + UPLOAD_TOKEN_MINUTES * 60_000))).toEqual({ ok: false, reason: 'expired' });
    expect(signUploadToken(secret, 'inquiry', now).token).not.toBe(a.token);
  });

  it.each([
    ['a later expiry', (t: string) => t.replace(/\.(\d+)\./, (_m, e: string) => `.${Number(e) + 3600}.`), 'forged'],
    ['an altered signature', (t: string) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A'), 'forged'],
    ['another form', (t: string) => t.replace('.inquiry.', '.account.'), 'malformed'],
    ['another version', (t: string) => t.replace('up1.', 'up2.'), 'malformed'],
    ['nothing', () => '', 'malformed'],
  ])('refuse %s', (_name, tamper, reason) => {
    expect(verifyUploadToken(secret, tamper(signUploadToken(secret, 'inquiry', now).token), now)).toEqual({ ok: false, reason });
  });

  it('refuse a token signed with another secret', () => {
    const { token } = signUploadToken(Buffer.from('another-secret-of-thirty-two-characters!'), 'inquiry', now);
    expect(verifyUploadToken(secret, token, now)).toEqual({ ok: false, reason: 'forged' });
  });
});
