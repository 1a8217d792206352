import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { OutboxKit } from '../../src/modules/messaging';
import { WebPushNotifier, WebPushSender } from '../../src/modules/notifications';
import type { ReceivedPush } from '../support/push-service-stand-in';
import { pushStandInServer } from '../support/push-stand-in-server';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { poolDyingAt } from '../support/dying-pool';
import { waitUntil } from '../support/wait-until';
import type { WebClient } from '../support/web-client';

const jane = demoUser('agent');

type OutboxRow = { push_id: string; event_id: string; endpoint: string; state: string; attempts: number; last_error: string | null };

/**
 * The web pushes of events (here a new lead's, to its agent), exactly once per event and browser,
 * through a push service stand-in speaking RFC 8030 (tests/support/push-service-stand-in.ts):
 * across a crash between the push and its commit, across two instances, with a push service's
 * 500 retried under the one policy and a 410 dropping the subscription.
 */
describe('web pushes of events: one outbox, each push once, on the one retry policy', () => {
  const app = pushStandInServer();
  let janeC: WebClient;
  let pool: pg.Pool;

  const bodyOf = (p: { payload?: unknown }) => (p.payload as { body?: string } | undefined)?.body ?? '';
  const pushesFor = (name: string): ReceivedPush[] => app.standIn.received.filter((p) => bodyOf(p).startsWith(`${name} (`));
  const rows = async (leadId: string) =>
    (await pool.query<OutboxRow>(`SELECT * FROM web_push_outbox WHERE lead_id = $1 AND name = 'lead.captured' ORDER BY endpoint`, [leadId])).rows;
  const another = () => new WebPushSender(app.server.app.get(OutboxKit), app.server.app.get(WebPushNotifier));
  const subscribe = async (browser: string) => {
    expect((await janeC.post('/api/push/subscribe', app.standIn.subscribe(browser))).status).toBe(200);
    await settle(app.server);
  };
  const newLead = async (name: string) => (await janesLead(app.server, { FullName: name })).leadId;

  beforeAll(async () => {
    pool = app.server.runtime.db.pool;
    janeC = await signIn(app.server, jane.email, 'jane.localhost');
    app.standIn.expectKey((await janeC.get('/api/push/publickey')).body.publicKey);
    await subscribe('jane');
  });

  it(
    "a push service answering 500 gets the new lead again with the same id, recorded sent once; the agent's browser shows it",
    { timeout: 90_000 },
    async () => {
      app.standIn.failNext('jane', 500, 1);
      const leadId = await newLead('Rita Retry');
      const [taken] = [await waitUntil('the push taken after its 500', async () => pushesFor('Rita Retry')[0], 60_000)];
      await waitUntil('the push recorded sent', async () => (await rows(leadId))[0]?.state === 'sent');
      const [row] = await rows(leadId);
      expect(row).toMatchObject({ state: 'sent', attempts: 1, last_error: 'push service answered 500' });
      expect(taken!.payload).toMatchObject({ title: 'New lead', url: `/dashboard?lead=${leadId}`, tag: `lead-${leadId}`, id: row!.event_id });
      expect(taken!.topic).toBe(row!.event_id.replace(/-/g, ''));
      expect(app.standIn.refused.filter((r) => bodyOf(r).startsWith('Rita Retry (')).map((r) => r.status)).toEqual([500]);
      expect(pushesFor('Rita Retry')).toHaveLength(1);
    },
  );

  it('a 410 from the push service drops that browser (not a failure); the other browser gets it once', { timeout: 90_000 }, async () => {
    await subscribe('jane-old');
    app.standIn.failNext('jane-old', 410, 1);
    const leadId = await newLead('Gina Gone');
    await waitUntil('both rows done', async () => (await rows(leadId)).filter((r) => r.state !== 'pending').length === 2, 60_000);
    const states = Object.fromEntries((await rows(leadId)).map((r) => [r.endpoint.slice(app.standIn.origin.length), r.state]));
    expect(states).toEqual({ '/push/jane': 'sent', '/push/jane-old': 'gone' });
    expect(pushesFor('Gina Gone').map((p) => p.path)).toEqual(['/push/jane']);
    await settle(app.server);
    const { rows: subs } = await pool.query<{ endpoint: string }>('SELECT endpoint FROM web_push_subscriptions WHERE user_id = $1', [jane.userId]);
    expect(subs.map((s) => s.endpoint)).toEqual([`${app.standIn.origin}/push/jane`]);
    const failed = await pool.query(`SELECT 1 FROM web_push_outbox WHERE state = 'failed'`);
    expect(failed.rowCount).toBe(0);
  });

  it('two instances sweeping at once send it once', { timeout: 90_000 }, async () => {
    const [a, b] = [another(), another()];
    const leadId = await newLead('Tom Twice');
    let sent = 0;
    // These two and the server's own sender sweep together until the push is recorded.
    await waitUntil(
      'the push recorded sent',
      async () => {
        await Promise.all([a.planQueued(), b.planQueued()]);
        sent += (await Promise.all([a.sendPending(), b.sendPending()])).reduce((x, y) => x + y, 0);
        return (await rows(leadId))[0]?.state === 'sent';
      },
      60_000,
    );
    expect(sent).toBeLessThanOrEqual(1);
    expect(await rows(leadId)).toHaveLength(1);
    expect(await Promise.all([a.sendPending(), b.sendPending()])).toEqual([0, 0]);
    expect(pushesFor('Tom Twice')).toHaveLength(1);
  });

  it('a day of failures marks it failed, shown under failed messages; staff send it again and the same id goes once', { timeout: 120_000 }, async () => {
    app.standIn.failNext('jane', 503, 1_000);
    const leadId = await newLead('Dora Down');
    await waitUntil('a first failed try', async () => ((await rows(leadId))[0]?.attempts ?? 0) >= 1, 60_000);
    // A day passes since its first failure: the next failed try is the last.
    await pool.query(`UPDATE web_push_outbox SET first_failed_at = now() - interval '25 hours' WHERE lead_id = $1`, [leadId]);
    await waitUntil('the push given up', async () => (await rows(leadId))[0]?.state === 'failed', 60_000);
    const [row] = await rows(leadId);
    expect(row).toMatchObject({ last_error: 'push service answered 503' });
    expect(pushesFor('Dora Down')).toEqual([]);

    const staff = await signIn(app.server, demoUser('staff').email);
    const list = await staff.get('/api/backoffice/outboxes/failed');
    expect(list.status, list.text).toBe(200);
    const group = (list.body.outboxes as { name: string; failed: { id: string; channel: string; reason: string }[] }[]).find((o) => o.name === 'web-push');
    expect(group?.failed).toContainEqual(expect.objectContaining({ id: row!.push_id, channel: 'push', reason: 'push service answered 503' }));

    app.standIn.failNext('jane', 503, 0);
    expect((await staff.post(`/api/backoffice/outboxes/web-push/${row!.push_id}/send-again`, {})).status).toBe(202);
    const [again] = [await waitUntil('the push sent again', async () => pushesFor('Dora Down')[0], 60_000)];
    await waitUntil('the push recorded sent', async () => (await rows(leadId))[0]?.state === 'sent');
    expect((again!.payload as { id: string }).id).toBe(row!.event_id);
    expect(pushesFor('Dora Down')).toHaveLength(1);
  });

  it('a crash between the push and the commit sends it again after restart with the same id, then never again', { timeout: 90_000 }, async () => {
    // This case is the only instance: the server's own sender stops, as if this one had died.
    await app.server.app.get(WebPushSender).onModuleDestroy();
    const leadId = await newLead('Carl Crash');
    await waitUntil('the push queued', async () => (await pool.query(`SELECT 1 FROM web_push_queue WHERE lead_id = $1`, [leadId])).rowCount === 1);
    // The process dies after the push service took the push, before the row's commit.
    const dying = poolDyingAt(pool, "SET state = 'sent'");
    const kit = app.server.app.get(OutboxKit);
    const crashing = new WebPushSender({ ...kit, pool: dying } as OutboxKit, app.server.app.get(WebPushNotifier));
    expect(await crashing.planQueued()).toBe(1);
    await expect(crashing.sendPending()).rejects.toThrow('the process died');
    expect(pushesFor('Carl Crash')).toHaveLength(1);
    expect(await rows(leadId)).toMatchObject([{ state: 'pending', attempts: 0 }]);

    const restarted = another();
    expect(await restarted.planQueued()).toBe(0);
    expect(await restarted.sendPending()).toBe(1);
    const [row] = await rows(leadId);
    expect(row).toMatchObject({ state: 'sent', attempts: 0 });
    // Twice posted, one message: the same notification id (the service worker shows it once) and Topic (the push service keeps one).
    expect(pushesFor('Carl Crash').map((p) => [(p.payload as { id: string }).id, p.topic])).toEqual([
      [row!.event_id, row!.event_id.replace(/-/g, '')],
      [row!.event_id, row!.event_id.replace(/-/g, '')],
    ]);
    expect(await restarted.sendPending()).toBe(0);
    expect(pushesFor('Carl Crash')).toHaveLength(2);
  });
});
