import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { PASSWORD as PERSON_PASSWORD, registerPerson } from '../support/backoffice-people';
import { connectSocket, demoUser, PASSWORD, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { socialStandIns } from '../support/social-stand-ins';
import { openedEventsOf } from '../support/events';
import { WebClient } from '../support/web-client';

const LOCKED = 'This account is locked. Please contact support to sign in again.';
const CLOSED = 'This account has been closed. Please contact support if you need it again.';

/**
 * Issue 12 section 4: a platform lock or an offboarding is no longer only recorded. The account
 * cannot sign in by any way (password, Google, Facebook, staff's become), and its sessions end
 * at once, sockets included; an unlock lets it in again.
 */
describe('platform lock and offboarding keep an account out', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let social: Awaited<ReturnType<typeof socialStandIns>>;
  let staff: WebClient;
  const sockets: Socket[] = [];
  const broker = demoUser('broker');

  beforeAll(async () => {
    social = await socialStandIns({ '4004': { email: 'fiona@example.com', first_name: 'Fiona', last_name: 'Facebook' } });
    fixture = await startDashboardServer(social.env);
    server = fixture.server;
    staff = await signIn(server, 'staff@porchlight.test');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await fixture?.stop();
    await social?.close();
  });

  const churn = (userId: string, action: string) => staff.post(`/api/backoffice/churn/${userId}/${action}`, { reason: 'Ticket 77: unpaid invoices' });
  const passwordSignIn = (email: string) => WebClient.for(server.url).post('/api/account/login', { Email: email, password: PASSWORD });
  const live = async (c: WebClient) => {
    const socket = await connectSocket(server, c);
    sockets.push(socket);
    // In an object: a promise returned from an async function would be waited for.
    return { closed: new Promise<string>((r) => socket.once('disconnect', r)) };
  };

  it('a lock ends the sessions at once (401, sockets closed) and refuses the password with a clear message; an unlock lets it in again', async () => {
    const browser = await signIn(server, broker.email);
    const { closed } = await live(browser);
    const locked = await churn(broker.userId, 'platformlock');
    expect(locked.body).toMatchObject({ isSuccess: true, events: ['PlatformLocked', 'SignInBlocked'] });

    expect(await closed).toBe('io server disconnect');
    expect((await browser.get('/api/account/me')).status).toBe(401);
    const refused = await passwordSignIn(broker.email);
    expect([refused.status, refused.body]).toEqual([403, { message: LOCKED }]);
    // A wrong password still says only that.
    expect((await WebClient.for(server.url).post('/api/account/login', { Email: broker.email, password: 'wrong-one' })).body).toEqual({
      isSuccess: false,
      message: 'Invalid Login',
    });
    // Nor may staff act as the account.
    const become = await staff.post(`/api/backoffice/become/${broker.userId}`, { reason: 'Ticket 77' });
    expect([become.status, become.body]).toEqual([403, { message: 'This account is locked or offboarded; nobody can sign in to it, staff included' }]);

    const unlocked = await churn(broker.userId, 'platformunlock');
    expect(unlocked.body).toMatchObject({ isSuccess: true, events: ['PlatformUnlocked', 'SignInUnblocked'] });
    expect((await passwordSignIn(broker.email)).body).toMatchObject({ isSuccess: true });
    const types = (await server.runtime.store.readStream(`user-${broker.userId}`)).map((e) => e.type);
    expect(types.filter((t) => t.startsWith('SignIn'))).toEqual(['SignInBlocked', 'SignInUnblocked']);
  });

  it('Google and Facebook sign-ins are refused for a locked account too', async () => {
    const google = WebClient.for(server.url);
    const credential = await social.idToken('5005', { email: 'gina@example.com' });
    expect((await google.post('/api/account/social/google', { credential })).body).toMatchObject({ isSuccess: true, isNewUser: true });
    const facebook = WebClient.for(server.url);
    expect((await facebook.post('/api/account/facebooksignin', { accessToken: 'fb-4004' })).body).toMatchObject({ isSuccess: true, isNewUser: true });
    // Read through the store: addresses are sealed in the log (issue 18).
    const registered = await openedEventsOf(fixture.server.runtime.store, 'UserRegistered');
    const idOf = (email: string) => registered.find((e) => e.data.email === email)!.data.userId as string;

    expect((await churn(idOf('gina@example.com'), 'platformlock')).status).toBe(200);
    expect((await churn(idOf('fiona@example.com'), 'platformlock')).status).toBe(200);
    expect((await google.get('/api/account/me')).status).toBe(401);
    expect((await facebook.get('/api/account/me')).status).toBe(401);
    const g = await WebClient.for(server.url).post('/api/account/social/google', { credential });
    expect([g.status, g.body]).toEqual([403, { message: LOCKED }]);
    const f = await WebClient.for(server.url).post('/api/account/facebooksignin', { accessToken: 'fb-4004' });
    expect([f.status, f.body]).toEqual([403, { message: LOCKED }]);
  });

  it('an offboarding keeps the account out for good: its sessions end, and an unlock does not reopen it', async () => {
    const agent = demoUser('agent2');
    const browser = await signIn(server, agent.email);
    const { closed } = await live(browser);
    expect((await churn(agent.userId, 'offboarding')).body).toMatchObject({ events: ['OffboardingStarted', 'SignInBlocked'] });
    expect(await closed).toBe('io server disconnect');
    expect((await browser.get('/api/account/me')).status).toBe(401);
    expect((await passwordSignIn(agent.email)).body).toEqual({ message: CLOSED });
    expect((await churn(agent.userId, 'platformlock')).status).toBe(200);
    expect((await churn(agent.userId, 'platformunlock')).status).toBe(200);
    const still = await passwordSignIn(agent.email);
    expect([still.status, still.body]).toEqual([403, { message: CLOSED }]);
  });

  it("locking a staff member ends the impersonation they run: the user's session they hold ends with their own", async () => {
    const stella = await registerPerson(server, { email: 'stella.staff@porchlight.test', firstName: 'Stella', lastName: 'Staff', level: 25 });
    const other = WebClient.for(server.url);
    expect((await other.post('/api/account/login', { Email: stella.email, password: PERSON_PASSWORD })).body.isSuccess).toBe(true);
    const lead = demoUser('lead');
    expect((await other.post(`/api/backoffice/become/${lead.userId}`, { reason: 'Ticket 78' })).status).toBe(200);
    const { closed } = await live(other);
    expect((await other.get('/api/account/me')).body).toMatchObject({ userDID: lead.userId });
    expect((await churn(stella.userId, 'platformlock')).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await other.get('/api/account/me')).status).toBe(401);
  });
});
