import { describe, expect, it } from 'vitest';
import { noticeId } from '../../src/modules/speed-to-lead/notify-new-lead/notice-plan';
import { msQueuedToTaken } from '../support/push-delay';
import { pushStandInServer } from '../support/push-stand-in-server';
import { demoUser, newLead, settle, signIn } from '../support/dashboard-fixture';
import { waitUntil } from '../support/wait-until';

const jane = demoUser('agent');
const broker = demoUser('broker');

type PushRow = { endpoint: string; state: string; attempts: number; last_error: string | null };

/**
 * A pond notice's web push goes through the one web push outbox (as every push does): one row per
 * browser under the notice's id, posted with it as the notification's id, retried on the one
 * policy, and a browser whose subscription is gone dropped, not failed.
 */
describe('a pond notice by web push: through the one push outbox, once per browser, with the notice’s id', () => {
  const app = pushStandInServer();

  it('a 500 is retried and the push taken once with the notice’s id; a gone browser is left gone (not failed)', { timeout: 90_000 }, async () => {
    const { server } = app;
    const { pool } = server.runtime.db;
    const janeC = await signIn(server, jane.email);
    app.standIn.expectKey((await janeC.get('/api/push/publickey')).body.publicKey);
    expect((await janeC.post('/api/push/subscribe', app.standIn.subscribe('jane'))).status).toBe(200);
    // A subscription the push service no longer knows (the browser dropped it): 404 from now on.
    expect((await janeC.post('/api/push/subscribe', { ...app.standIn.subscribe('jane-old'), endpoint: `${app.standIn.origin}/push/gone` })).status).toBe(200);
    const blair = await signIn(server, broker.email);
    expect((await blair.request('PATCH', '/api/dashboard/routing', { json: { pond: { enabled: true, claimWindowMinutes: 0 } } })).status).toBe(200);
    await settle(server);
    // Only the pond notice is refused once (the lead may reach Jane's browser as a new lead of hers too).
    app.standIn.failNext('jane', 500, 1, (p) => String((p as { tag?: string }).tag).startsWith('pond-'));

    const { leadId } = await newLead(server, 'demo.localhost', { FullName: 'Polly Pond' });
    const pondEvent = await waitUntil('the pond notice queued', async () => {
      const { rows } = await pool.query<{ event_id: string }>(`SELECT event_id FROM lead_notice_queue WHERE lead_id = $1 AND type = 'LeadPutInPond'`, [leadId]);
      return rows[0]?.event_id;
    });
    const id = noticeId(pondEvent, jane.userId, 'push');
    const rows = async () =>
      (await pool.query<PushRow>('SELECT endpoint, state, attempts, last_error FROM web_push_outbox WHERE event_id = $1 ORDER BY endpoint', [id])).rows;
    await waitUntil('both browsers’ rows done', async () => (await rows()).length === 2 && (await rows()).every((r) => r.state !== 'pending'), 60_000);

    expect(await rows()).toEqual([
      { endpoint: `${app.standIn.origin}/push/gone`, state: 'gone', attempts: 0, last_error: null },
      { endpoint: `${app.standIn.origin}/push/jane`, state: 'sent', attempts: 1, last_error: 'push service answered 500' },
    ]);
    const taken = app.standIn.received.filter((p) => (p.payload as { id?: string }).id === id);
    expect(taken.map((p) => p.path)).toEqual(['/push/jane']);
    expect(taken[0]!.payload).toMatchObject({ url: `/dashboard?lead=${leadId}`, tag: `pond-${leadId}`, id });
    expect(taken[0]!.topic).toBe(id.replace(/-/g, ''));
    // The new-lead notices' own outbox keeps its e-mails and texts, no push.
    expect((await pool.query(`SELECT 1 FROM lead_notice_outbox WHERE lead_id = $1 AND channel = 'push'`, [leadId])).rowCount).toBe(0);
  });

  // After the first case: Jane's browser subscribed, the pond on.
  it('is posted as soon as it is queued, well within the web push sweep (every 2 s): the notifier wakes the sender', { timeout: 90_000 }, async () => {
    const { server } = app;
    const { pool } = server.runtime.db;
    const delays: number[] = [];
    // Several notices, each queued at another moment of the sweep's 2 s: one that waited for the sweep would be late.
    for (let i = 0; i < 4; i++) {
      const { leadId } = await newLead(server, 'demo.localhost', { FullName: `Quinn ${['Ash', 'Birch', 'Cedar', 'Dogwood'][i]}` });
      delays.push(await msQueuedToTaken(pool, app.standIn, (p) => p.path === '/push/jane' && (p.payload as { tag?: string }).tag === `pond-${leadId}`));
    }
    expect(Math.max(...delays), `from queued to taken, ms: ${delays.join(', ')}`).toBeLessThan(1000);
  });
});
