import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { connectSocket, newLead, settle, startDashboardServer } from '../support/dashboard-fixture';
import { socialStandIns } from '../support/social-stand-ins';
import { WebClient } from '../support/web-client';
import { openedEventsOf } from '../support/events';

/**
 * Issue 12 section 4, pre-hijacking: an inquiry signs in whoever typed an address, for 30 days.
 * When the address's owner first proves it (a verified Google address, a password reset link),
 * every other session of the account ends and its sockets close, once.
 */
describe('an account created from an unproved address: its first proof ends every other session', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let social: Awaited<ReturnType<typeof socialStandIns>>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    social = await socialStandIns();
    fixture = await startDashboardServer(social.env);
    server = fixture.server;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await fixture?.stop();
    await social?.close();
  });

  const userIdOf = async (email: string): Promise<string> => {
    return (await openedEventsOf(server.runtime.store, 'UserRegistered')).find((e) => e.data.email === email)!.data.userId;
  };
  const eventsOf = async (userId: string) => (await server.runtime.store.readStream(`user-${userId}`)).map((e) => e.type);
  /** An attacker's inquiry with the victim's address: signed in, with a live socket. */
  const hijack = async (email: string) => {
    const { client } = await newLead(server, 'demo.localhost', { Email: email });
    expect((await client.get('/api/account/me')).status).toBe(200);
    const socket = await connectSocket(server, client);
    sockets.push(socket);
    return { client, closed: new Promise<string>((r) => socket.once('disconnect', r)) };
  };

  it('the owner signs in with Google (verified address): the attacker is signed out and their socket closes', async () => {
    const attacker = await hijack('gwen@example.com');
    const owner = WebClient.for(server.url);
    const res = await owner.post('/api/account/social/google', { credential: await social.idToken('3000001', { email: 'gwen@example.com' }) });
    expect(res.body).toEqual({ isSuccess: true, isNewUser: false, description: 'Signed in' });

    expect(await attacker.closed).toBe('io server disconnect');
    expect((await attacker.client.get('/api/account/me')).status).toBe(401);
    expect((await owner.get('/api/account/me')).body).toMatchObject({ securityLevel: 5, firstName: 'Vera' });
    const userId = await userIdOf('gwen@example.com');
    expect(await eventsOf(userId)).toEqual(expect.arrayContaining(['SocialIdentityLinked', 'EmailVerified']));

    // Once: the next proof (Google again, from another browser) leaves the owner's session alone.
    const again = WebClient.for(server.url);
    expect(
      (await again.post('/api/account/social/google', { credential: await social.idToken('3000001', { email: 'gwen@example.com' }) })).body.isSuccess,
    ).toBe(true);
    expect((await owner.get('/api/account/me')).status).toBe(200);
    expect((await eventsOf(userId)).filter((t) => t === 'EmailVerified')).toHaveLength(1);
  });

  it('a Google address Google did not verify proves nothing: it is not linked, and the inquiry session stays', async () => {
    const attacker = await hijack('uma@example.com');
    const res = await WebClient.for(server.url).post('/api/account/social/google', {
      credential: await social.idToken('3000002', { email: 'uma@example.com', email_verified: false }),
    });
    expect([res.status, res.body]).toEqual([409, { message: 'Email already in use' }]);
    expect((await attacker.client.get('/api/account/me')).status).toBe(200);
    expect(await eventsOf(await userIdOf('uma@example.com'))).not.toContain('EmailVerified');
  });

  it('the owner resets the password from the mailed link: the attacker is signed out, and the account records the proof', async () => {
    const attacker = await hijack('rosa@example.com');
    const owner = WebClient.for(server.url);
    expect((await owner.post('/api/account/forgotpassword', { Email: 'rosa@example.com' })).status).toBe(200);
    let text: string | undefined;
    for (let i = 0; i < 200 && !text; i++) {
      const { rows } = await fixture.db.pool.query(
        `SELECT text_body FROM mail_outbox WHERE to_address = 'rosa@example.com' AND subject = 'Choose a new password'`,
      );
      text = rows[0]?.text_body;
      if (!text) await new Promise((r) => setTimeout(r, 25));
    }
    const token = decodeURIComponent(/\/account\/forgotpassword\?token=(\S+)/.exec(text!)![1]!);
    expect((await owner.post('/api/account/resetpassword', { token, password: 'owner-password-1' })).body).toEqual({ isSuccess: true });

    expect(await attacker.closed).toBe('io server disconnect');
    expect((await attacker.client.get('/api/account/me')).status).toBe(401);
    const types = await eventsOf(await userIdOf('rosa@example.com'));
    expect(types.slice(-2)).toEqual(['EmailVerified', 'PasswordChanged']);
    expect((await owner.post('/api/account/login', { Email: 'rosa@example.com', password: 'owner-password-1' })).body.isSuccess).toBe(true);
    await settle(server);
  });
});
