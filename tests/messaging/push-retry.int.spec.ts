import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushServiceStandIn, startPushServiceStandIn } from '../support/push-service-stand-in';
import { demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';

const jane = demoUser('agent');
const broker = demoUser('broker');

/** A pond notice by web push to a browser whose push subscription is gone: given up at once, with the reason. */
describe('an outbox’s web push to a subscription that is gone', () => {
  let standIn: PushServiceStandIn;
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;

  beforeAll(async () => {
    standIn = await startPushServiceStandIn();
    // Tests only: the notifier may post to the stand-in's http://127.0.0.1 origin.
    fixture = await startDashboardServer({ PUSH_TEST_ORIGINS: standIn.origin });
  });
  afterAll(async () => {
    await fixture?.stop();
    await standIn?.close();
  });

  it('is tried once and marked failed with the push service’s answer', async () => {
    const { server } = fixture;
    const janeC = await signIn(server, jane.email);
    standIn.expectKey((await janeC.get('/api/push/publickey')).body.publicKey);
    // A subscription the push service no longer knows (the browser dropped it): 404 from now on.
    const sub = standIn.subscribe('jane');
    expect((await janeC.post('/api/push/subscribe', { ...sub, endpoint: `${standIn.origin}/push/gone` })).status).toBe(200);
    const blair = await signIn(server, broker.email);
    expect((await blair.request('PATCH', '/api/dashboard/routing', { json: { pond: { enabled: true, claimWindowMinutes: 0 } } })).status).toBe(200);
    await settle(server);

    const { leadId } = await newLead(server, 'demo.localhost', { FullName: 'Gus Gone' });
    const push = async () =>
      (
        await server.runtime.db.pool.query<{ state: string; attempts: number; last_error: string | null }>(
          `SELECT state, attempts, last_error FROM lead_notice_outbox WHERE lead_id = $1 AND channel = 'push' AND recipient_id = $2`,
          [leadId, jane.userId],
        )
      ).rows[0];
    const deadline = Date.now() + 30_000;
    while ((await push())?.state !== 'failed') {
      if (Date.now() > deadline) throw new Error(`the push notice is ${JSON.stringify(await push())}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await push()).toEqual({ state: 'failed', attempts: 1, last_error: 'push service answered 404' });
    expect(standIn.refused.filter((r) => r.path === '/push/gone')).toHaveLength(1);
  });
});
