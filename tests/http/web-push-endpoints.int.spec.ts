import { createECDH, randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { handleCommand } from '../../src/commands/handle-command';
import { webPushStream } from '../../src/modules/notifications/notifications.events';
import { UNKNOWN_PUSH_SERVICE } from '../../src/modules/notifications/push-services';
import { subscriptionsDecider } from '../../src/modules/notifications/subscriptions';
import { queueNotification, WebPushSender } from '../../src/modules/notifications';
import { demoUser, signIn, startDashboardServer } from '../support/dashboard-fixture';

/** Keys a browser would send: a P-256 public key and a 16-byte secret, URL-safe base64. */
const browserKeys = () => ({ p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') });

describe('web push subscriptions: only known push services, so the server never posts where a user says', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let listener: net.Server;
  let connections = 0;
  let port = 0;

  beforeAll(async () => {
    fixture = await startDashboardServer();
    // Stands for any address inside the network: counts the connections the server makes to it.
    listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener?.close(resolve));
    await fixture?.stop();
  });

  it('refuses endpoints elsewhere (400) and takes a push service one', async () => {
    const agent = await signIn(fixture.server, 'agent@demo.test', 'demo.localhost');
    for (const endpoint of [
      `https://127.0.0.1:${port}/x`,
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'https://intranet.local/push',
    ]) {
      const res = await agent.post('/api/push/subscribe', { endpoint, keys: browserKeys() });
      expect(res, endpoint).toMatchObject({ status: 400, body: { message: UNKNOWN_PUSH_SERVICE } });
    }
    const ok = await agent.post('/api/push/subscribe', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:APA91b-test', keys: browserKeys() });
    expect(ok).toMatchObject({ status: 200, body: { isSuccess: true } });
    expect(connections).toBe(0);
  });

  it('never posts to a subscription recorded before the check with an address elsewhere', async () => {
    const broker = demoUser('broker');
    const keys = browserKeys();
    await handleCommand(
      fixture.server.runtime.store,
      webPushStream(broker.userId),
      subscriptionsDecider,
      { kind: 'subscribe', userId: broker.userId, securityLevel: 15, endpoint: `https://127.0.0.1:${port}/inside`, ...keys },
      systemContext(),
    );
    await fixture.server.runtime.runner.waitForCatchUp();
    const { pool } = fixture.server.runtime.db;
    await queueNotification(pool, 'endpoint check', broker.userId, { title: 'New lead', body: 'x', url: '/dashboard', tag: 't' });
    const sender = fixture.server.app.get(WebPushSender);
    await sender.planQueued();
    await sender.sendPending();
    const planned = await pool.query('SELECT 1 FROM web_push_outbox WHERE user_id = $1 AND endpoint LIKE $2', [broker.userId, `https://127.0.0.1:${port}/%`]);
    expect(planned.rowCount).toBe(0);
    expect(connections).toBe(0);
  });
});
