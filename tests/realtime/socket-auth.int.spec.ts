import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/demo/demo-accounts';
import { type Started, startServer } from '../../src/main';
import { RealtimeGateway } from '../../src/realtime/realtime.gateway';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

const agent = DEMO_USERS.find((u) => u.key === 'agent')!;
const broker = DEMO_USERS.find((u) => u.key === 'broker')!;

describe('socket.io handshake: session cookie and Origin (contract section 7)', () => {
  let db: TestDatabase;
  let server: Started;
  const sockets: Socket[] = [];

  const connect = (headers: Record<string, string>) => {
    const socket = io(server.url, { transports: ['websocket'], extraHeaders: headers, reconnection: false, timeout: 10_000 });
    sockets.push(socket);
    return socket;
  };
  const outcome = (socket: Socket) =>
    new Promise<{ ok: true } | { ok: false; message: string }>((resolve) => {
      socket.once('connect', () => resolve({ ok: true }));
      socket.once('connect_error', (err) => resolve({ ok: false, message: err.message }));
    });
  const signedIn = async (email: string) => {
    const c = WebClient.for(server.url, 'localhost');
    const res = await c.post('/api/account/login', { Email: email, password: 'porchlight-demo' });
    expect(res.body.isSuccess).toBe(true);
    return c;
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { DEMO_SEED: '1' }));
    await server.runtime.runner.waitForCatchUp();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('refuses a handshake without a session', async () => {
    const c = WebClient.for(server.url, 'localhost');
    expect(await outcome(connect({ origin: c.origin }))).toEqual({ ok: false, message: 'Please sign in' });
    expect(await outcome(connect({ origin: c.origin, cookie: 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }))).toEqual({
      ok: false,
      message: 'Please sign in',
    });
  });

  it('refuses a handshake with a foreign Origin, or none, even with a session', async () => {
    const c = await signedIn(agent.email);
    const cookie = c.cookieHeader();
    expect(await outcome(connect({ origin: 'http://evil.test', cookie }))).toEqual({ ok: false, message: 'Cross-site connection refused' });
    expect(await outcome(connect({ origin: `http://jane.localhost:${new URL(server.url).port}`, cookie }))).toEqual({
      ok: false,
      message: 'Cross-site connection refused',
    });
    expect(await outcome(connect({ cookie }))).toEqual({ ok: false, message: 'Cross-site connection refused' });
  });

  it('accepts a signed-in user, with socket.data.user and the rooms of their role', async () => {
    const c = await signedIn(agent.email);
    const socket = connect({ origin: c.origin, cookie: c.cookieHeader() });
    const hello = new Promise<{ userId: string }>((r) => socket.once('hello' as never, r as never));
    expect(await outcome(socket)).toEqual({ ok: true });
    expect((await hello).userId).toBe(agent.userId);
    const gateway = server.app.get(RealtimeGateway);
    const [remote] = await gateway.server.in(`user:${agent.userId}`).fetchSockets();
    expect(remote!.data.user).toMatchObject({ id: agent.userId, level: 10, officeId: broker.userId });
    expect([...remote!.rooms]).toEqual(expect.arrayContaining([`user:${agent.userId}`, `office:${broker.userId}`]));
    expect([...remote!.rooms]).not.toContain('staff');

    const staff = await signedIn('staff@porchlight.test');
    const staffSocket = connect({ origin: staff.origin, cookie: staff.cookieHeader() });
    expect(await outcome(staffSocket)).toEqual({ ok: true });
    expect(await gateway.server.in('staff').fetchSockets()).toHaveLength(1);
  });

  it('closes the user’s sockets when they sign out', async () => {
    const c = await signedIn(broker.email);
    const socket = connect({ origin: c.origin, cookie: c.cookieHeader() });
    expect(await outcome(socket)).toEqual({ ok: true });
    const oldCookie = c.cookieHeader();
    const closed = new Promise<string>((r) => socket.once('disconnect', r));
    expect((await c.post('/api/account/logout')).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // And the old cookie cannot open a new one.
    expect(await outcome(connect({ origin: c.origin, cookie: oldCookie }))).toEqual({ ok: false, message: 'Please sign in' });
  });
});
