import { describe, expect, it } from 'vitest';
import { signCommunicationToken, verifyCommunicationToken } from './communication-token';

const secret = Buffer.from('a-secret-of-at-least-thirty-two-characters');
const userId = '00000000-0000-4000-8000-000000000005';

describe('communication link tokens', () => {
  it('identify the user and the action', () => {
    const token = signCommunicationToken(secret, userId, 'unsubscribe_text');
    expect(verifyCommunicationToken(secret, token)).toEqual({ ok: true, userId, action: 'unsubscribe_text' });
  });

  it.each([
    ['another user', (t: string) => t.replace(userId, '00000000-0000-4000-8000-000000000010'), 'forged'],
    ['another action', (t: string) => t.replace('unsubscribe_text', 'obliterate_all_communication'), 'forged'],
    ['an altered signature', (t: string) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A'), 'forged'],
    ['a truncated signature', (t: string) => t.slice(0, -5), 'forged'],
    ['an unknown action', (t: string) => t.replace('unsubscribe_text', 'make_admin'), 'malformed'],
    ['another version', (t: string) => t.replace('v1.', 'v2.'), 'malformed'],
  ])('refuse %s', (_name, tamper, reason) => {
    expect(verifyCommunicationToken(secret, tamper(signCommunicationToken(secret, userId, 'unsubscribe_text')))).toEqual({ ok: false, reason });
  });

  it('refuse a token signed with another secret', () => {
    const token = signCommunicationToken(Buffer.from('another-secret-of-thirty-two-characters!'), userId, 'unsubscribe_email');
    expect(verifyCommunicationToken(secret, token)).toEqual({ ok: false, reason: 'forged' });
  });
});
