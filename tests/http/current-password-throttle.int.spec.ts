import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_WRONG_PASSWORDS } from '../../src/modules/accounts/sign-in/current-password';
import { PASSWORD, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { WebClient } from '../support/web-client';

/**
 * The current password a signed-in person re-enters is counted like a sign-in, before it is
 * checked: a stolen session cannot guess it more than 10 times per account in 15 minutes.
 */
describe('the current password asked by a password change or an erasure is throttled like sign-in', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;

  beforeAll(async () => {
    fixture = await startDashboardServer();
  });
  afterAll(async () => fixture?.stop());

  it('a password change: 10 wrong current passwords are checked (400), then 429 even for the right one, and sign-in is locked too', async () => {
    const jane = await signIn(fixture.server, 'agent@demo.test');
    for (let i = 0; i < 10; i++) {
      const wrong = await jane.post('/api/account/password', { CurrentPassword: `guess-${i}`, NewPassword: 'lantern-harbour-42' });
      expect(wrong, `guess ${i + 1}`).toMatchObject({ status: 400, body: { message: 'Your current password is not correct' } });
    }
    const right = await jane.post('/api/account/password', { CurrentPassword: PASSWORD, NewPassword: 'lantern-harbour-42' });
    expect(right).toMatchObject({ status: 429, body: { message: TOO_MANY_WRONG_PASSWORDS } });
    // One count per account, shared with sign-in.
    const elsewhere = await WebClient.for(fixture.server.url).post('/api/account/login', { Email: 'agent@demo.test', password: PASSWORD });
    expect(elsewhere.status).toBe(429);
  });

  it('an erasure with the password: 10 wrong ones are checked (400), the 11th is 429 and nothing is erased', async () => {
    const alex = await signIn(fixture.server, 'agent2@demo.test');
    const lee = await signIn(fixture.server, 'lead@demo.test', 'demo.localhost');
    for (let i = 0; i < 10; i++) {
      expect((await lee.post('/api/account/erase', { password: `guess-${i}` })).status, `guess ${i + 1}`).toBe(400);
    }
    expect(await lee.post('/api/account/erase', { password: PASSWORD })).toMatchObject({ status: 429, body: { message: TOO_MANY_WRONG_PASSWORDS } });
    expect((await lee.get('/api/account/me')).status).toBe(200);
    // Another account's count is its own.
    expect((await alex.post('/api/account/password', { CurrentPassword: 'not-it', NewPassword: 'lantern-harbour-42' })).status).toBe(400);
  });
});
