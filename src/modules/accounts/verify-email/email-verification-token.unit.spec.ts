import { describe, expect, it } from 'vitest';
import { isValidEmailVerificationToken, signEmailVerificationToken, verificationTokenUser } from './email-verification-token';

const secret = Buffer.from('a-secret-of-at-least-thirty-two-characters');
const userId = '00000000-0000-4000-8000-000000000005';
const email = 'ada@example.com';
const now = new Date('2026-11-23T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('e-mail verification tokens', () => {
  const token = signEmailVerificationToken(secret, userId, email, now);

  it('name the user and prove the address they were mailed to, for 24 hours', () => {
    expect(verificationTokenUser(token)).toBe(userId);
    expect(isValidEmailVerificationToken(secret, token, userId, email, now)).toBe(true);
    expect(isValidEmailVerificationToken(secret, token, userId, email, hours(23.9))).toBe(true);
    expect(isValidEmailVerificationToken(secret, token, userId, email, hours(24))).toBe(false);
  });

  it('prove nothing for another address, another user, another secret or an altered token', () => {
    expect(isValidEmailVerificationToken(secret, token, userId, 'eve@example.com', now)).toBe(false);
    expect(isValidEmailVerificationToken(secret, token, '00000000-0000-4000-8000-000000000010', email, now)).toBe(false);
    expect(isValidEmailVerificationToken(Buffer.from('another-secret-of-thirty-two-characters!'), token, userId, email, now)).toBe(false);
    const later = token.replace(/\.(\d+)\./, (_m, t: string) => `.${Number(t) + 86_400}.`);
    expect(isValidEmailVerificationToken(secret, later, userId, email, hours(30))).toBe(false);
    expect(isValidEmailVerificationToken(secret, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), userId, email, now)).toBe(false);
    expect(verificationTokenUser('v1.x.y')).toBeNull();
  });
});
