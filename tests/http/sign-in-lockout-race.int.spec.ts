import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { type WebResponse, WebClient } from '../support/web-client';

const PASSWORD = 'porchlight-demo';

/**
 * Issue 12 section 3: the sign-in lockout counts an attempt before its password is checked, so
 * a burst of parallel guesses cannot overtake it. An answer other than 429 is an attempt whose
 * password was checked (argon2); a 429 was refused before that.
 */
describe('the sign-in lockout under concurrency (contract section 7)', () => {
  let db: TestDatabase;
  let server: Started;
  const login = (email: string, password: string) => WebClient.for(server.url).post('/api/account/login', { Email: email, password });
  const tally = (answers: readonly WebResponse[]) => ({
    invalid: answers.filter((r) => r.status === 200 && r.body.isSuccess === false).length,
    signedIn: answers.filter((r) => r.status === 200 && r.body.isSuccess === true).length,
    refused: answers.filter((r) => r.status === 429).length,
  });

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { DEMO_SEED: '1', DEMO_PASSWORD: PASSWORD }));
    await server.runtime.runner.waitForCatchUp();
  });
  beforeEach(async () => {
    await db.pool.query('DELETE FROM sign_in_failures; DELETE FROM sign_in_locks');
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('80 parallel wrong passwords for one account: 10 are checked, 70 answer 429, then the right one answers 429', async () => {
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => login('broker@demo.test', `wrong-${i}`)));
    expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(tally(answers)).toEqual({ invalid: 10, signedIn: 0, refused: 70 });
    expect(answers.find((r) => r.status === 429)!.body).toEqual({ message: 'Too many failed sign-ins. Please try again in 15 minutes.' });
    const right = await login('broker@demo.test', PASSWORD);
    expect(right.status).toBe(429);
  });

  it('the right password in the middle of 79 parallel wrong ones: still at most 10 wrong ones are checked, and the account is locked after', async () => {
    const passwords = Array.from({ length: 80 }, (_, i) => (i === 40 ? PASSWORD : `wrong-${i}`));
    const answers = await Promise.all(passwords.map((p) => login('agent2@demo.test', p)));
    const t = tally(answers);
    expect(t.invalid).toBe(10);
    expect(t.signedIn).toBeLessThanOrEqual(1);
    expect(t.invalid + t.signedIn + t.refused).toBe(80);
    expect((await login('agent2@demo.test', PASSWORD)).status).toBe(429);
  });

  it('an unknown address is throttled the same way', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login('nobody@demo.test', `guess-${i}`)));
    expect(tally(answers)).toEqual({ invalid: 10, signedIn: 0, refused: 20 });
  });

  it('the right password within the first 10 signs in; it does not wipe the failures before it, which still lock at 10', async () => {
    for (let i = 0; i < 9; i++) expect((await login('agent@demo.test', `wrong-${i}`)).body).toEqual({ isSuccess: false, message: 'Invalid Login' });
    expect((await login('agent@demo.test', PASSWORD)).body.isSuccess).toBe(true);
    expect((await login('agent@demo.test', 'wrong-9')).body).toEqual({ isSuccess: false, message: 'Invalid Login' });
    expect((await login('agent@demo.test', PASSWORD)).status).toBe(429);
    // A success costs the address nothing either: only the 10 failures count there.
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM sign_in_failures WHERE key LIKE 'address:%'`);
    expect(rows[0].n).toBe(10);
  });
});
