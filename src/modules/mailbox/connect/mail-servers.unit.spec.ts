import { describe, expect, it } from 'vitest';
import { assertReachable, problemOf } from './mail-servers';

const server = (host: string) => ({ host, port: 993, secure: true });
const table = (address: string) => async () => [{ address, family: 4 as const }];

describe("the agent's mail servers", () => {
  it('are refused on loopback, private and link-local addresses unless private outbound is allowed', async () => {
    await expect(assertReachable('IMAP', server('127.0.0.1'), false)).rejects.toThrow(
      'The IMAP server 127.0.0.1 leads to a loopback, private or link-local address, which this server does not connect to',
    );
    await expect(assertReachable('SMTP', server('mail.internal.test'), false, table('10.1.2.3'))).rejects.toMatchObject({ refused: true });
    await expect(assertReachable('IMAP', server('metadata.test'), false, table('169.254.169.254'))).rejects.toThrow(/link-local/);
    await expect(assertReachable('IMAP', server('imap.example.test'), false, table('93.184.216.34'))).resolves.toBeUndefined();
    await expect(assertReachable('IMAP', server('127.0.0.1'), true)).resolves.toBeUndefined();
    await expect(assertReachable('IMAP', server('nowhere.test'), false, () => Promise.reject(new Error('ENOTFOUND')))).rejects.toThrow(
      'The IMAP server nowhere.test was not found',
    );
  });

  it('name a refused sign-in (no retry helps) apart from a server out of reach (retried), without the password', () => {
    const refused = problemOf('IMAP', server('imap.example.test'), Object.assign(new Error('Authentication failed'), { authenticationFailed: true }));
    expect(refused).toMatchObject({ refused: true, message: 'The IMAP server imap.example.test refused the user name or password' });
    const smtp = problemOf('SMTP', server('smtp.example.test'), Object.assign(new Error('Invalid login: 535 5.7.8 bad'), { code: 'EAUTH', responseCode: 535 }));
    expect(smtp.refused).toBe(true);
    const down = problemOf('IMAP', server('imap.example.test'), Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(down).toMatchObject({ refused: false, message: 'Could not reach the IMAP server imap.example.test:993 (ECONNREFUSED)' });
  });
});
