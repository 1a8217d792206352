import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser, janesLead, signIn, until } from '../../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../../tests/support/dashboard-server';
import { waitForMail } from '../../../../tests/support/mail-outbox';
import { type Received, verifySignature, webhookReceiver } from '../../../../tests/support/webhook-receiver';
import type { WebClient } from '../../../../tests/support/web-client';
import { WebhookSender } from './webhook-sender.reactor';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const LEAD_EVENTS = ['lead.created', 'lead.assigned', 'lead.stage_changed', 'message.received', 'note.created'];
const HOUR = 3_600_000;

type Delivery = { eventId: string; type: string; status: string; tries: number; lastStatus: number | null; lastAnswer: string | null };
type Hook = { webhookId: string; secret: string };

describe('webhooks out: signed POSTs of the public events in the maker’s scope, in order per lead, retried with the same id, paused after a day', () => {
  const app = dashboardServer();
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  const as = {} as Record<'jane' | 'alex' | 'broker', WebClient>;

  beforeAll(async () => {
    receiver = await webhookReceiver();
    as.jane = await signIn(app.server, jane.email);
    as.alex = await signIn(app.server, alex.email);
    as.broker = await signIn(app.server, broker.email);
  });
  afterAll(() => receiver?.close());

  const sender = () => app.server.app.get(WebhookSender);
  const make = async (who: WebClient, path: string, events = LEAD_EVENTS): Promise<Hook> => {
    const r = await who.post('/api/dashboard/webhooks', { url: `${receiver.origin}${path}`, events });
    expect(r.status, r.text).toBe(201);
    return r.body as Hook;
  };
  const at = (path: string, leadId?: string): Received[] => receiver.received.filter((r) => r.path === path && (!leadId || r.body.data.leadId === leadId));
  const deliveriesOf = async (who: WebClient, webhookId: string): Promise<Delivery[]> => {
    const r = await who.get(`/api/dashboard/webhooks/${webhookId}/deliveries`);
    expect(r.status, r.text).toBe(200);
    return r.body.deliveries as Delivery[];
  };
  const waitForLog = async (who: WebClient, webhookId: string, done: (log: Delivery[]) => boolean): Promise<Delivery[]> => {
    for (let i = 0; i < 1000; i++) {
      const log = await deliveriesOf(who, webhookId);
      if (done(log)) return log;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the delivery log did not get there in time');
  };
  const acknowledged = (path: string, leadId: string, type: string) => at(path, leadId).some((r) => r.status === 200 && r.body.type === type);

  it('a lead of Jane’s reaches her webhook and her broker’s, signed as documented, lead.created first; Alex’s hears nothing of it', async () => {
    const mine = await make(as.jane, '/jane');
    const brokers = await make(as.broker, '/broker');
    const alexes = await make(as.alex, '/alex');
    const { leadId } = await janesLead(app.server);
    await until(() => acknowledged('/jane', leadId, 'lead.assigned') && acknowledged('/broker', leadId, 'lead.assigned'));

    const janes = at('/jane', leadId);
    expect(janes[0]!.body.type).toBe('lead.created');
    expect(janes.map((r) => r.body.type)).toEqual(expect.arrayContaining(['lead.created', 'message.received', 'lead.assigned']));
    for (const r of janes) {
      expect(Object.keys(r.body).sort()).toEqual(['data', 'id', 'occurredAt', 'position', 'type']);
      expect(r.headers['porchlight-event-id']).toBe(r.body.id);
      expect(r.headers['content-type']).toBe('application/json');
      const signature = r.headers['porchlight-signature'] as string;
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignature(mine.secret, signature, r.raw)).toBe(true);
      expect(verifySignature(brokers.secret, signature, r.raw)).toBe(false);
      expect(verifySignature(mine.secret, signature, r.raw.replace('lead', 'Lead'))).toBe(false);
    }
    // The broker's webhook gets the very same events (same ids), signed with its own secret.
    expect(at('/broker', leadId).map((r) => r.body.id)).toEqual(janes.map((r) => r.body.id));
    expect(at('/broker', leadId).every((r) => verifySignature(brokers.secret, r.headers['porchlight-signature'] as string, r.raw))).toBe(true);
    expect(at('/alex', leadId)).toEqual([]);
    // The secret is kept sealed, never in clear.
    const { rows } = await app.server.runtime.db.pool.query<{ s: string }>('SELECT secret::text AS s FROM webhooks WHERE webhook_id = $1', [mine.webhookId]);
    expect(rows[0]!.s).not.toContain(mine.secret.slice(6));
    expect((await deliveriesOf(as.alex, alexes.webhookId)).length).toBe(0);
    const log = await deliveriesOf(as.jane, mine.webhookId);
    expect(
      log
        .filter((d) => d.status === 'sent')
        .map((d) => d.eventId)
        .sort(),
    ).toEqual(janes.map((r) => r.body.id).sort());
    expect(log[0]).toMatchObject({ status: 'sent', tries: 1, lastStatus: 200, lastAnswer: null });
  });

  it('another user’s webhook is not found (404) for every route; bad input is 400 with a message; the list holds only the viewer’s own', async () => {
    const janes = await make(as.jane, '/private');
    const base = `/api/dashboard/webhooks/${janes.webhookId}`;
    for (const res of [
      await as.alex.get(`${base}/deliveries`),
      await as.alex.request('PATCH', base, { json: { paused: true } }),
      await as.alex.delete(base),
      await as.alex.post(`${base}/test`),
      await as.alex.post(`${base}/deliveries/00000000-0000-4000-8000-000000000001/retry`),
      await as.jane.get('/api/dashboard/webhooks/not-an-id/deliveries'),
    ]) {
      expect(res.status, res.text).toBe(404);
      expect(res.body).toEqual({ message: 'Webhook not found' });
    }
    expect(((await as.alex.get('/api/dashboard/webhooks')).body.webhooks as Hook[]).map((w) => w.webhookId)).not.toContain(janes.webhookId);
    expect(((await as.jane.get('/api/dashboard/webhooks')).body.webhooks as Hook[]).map((w) => w.webhookId)).toContain(janes.webhookId);

    const refused = async (body: unknown) => {
      const r = await as.jane.post('/api/dashboard/webhooks', body);
      expect(r.status, r.text).toBe(400);
      return r.body.message as string;
    };
    expect(await refused({ url: 'ftp://example.com/x', events: ['lead.created'] })).toMatch(/url must be an http or https URL/);
    expect(await refused({ url: 'https://example.com/x', events: [] })).toMatch(/choose at least one event/);
    expect(await refused({ url: 'https://example.com/x', events: ['lead.exploded'] })).toMatch(/events must be among lead.created/);
    expect(await refused({ events: ['lead.created'] })).toMatch(/url is required/);
  });

  it('a receiver down for a while (500) gets everything after, once by id, each lead’s events in order: a later one waits for the earlier one', async () => {
    receiver.failing.set('/down', 500);
    const hook = await make(as.jane, '/down');
    const first = await janesLead(app.server);
    const second = await janesLead(app.server);
    const note = await as.jane.post(`/api/dashboard/leads/${first.leadId}/notes`, { text: 'Called, left a message' });
    expect(note.status, note.text).toBe(201);
    // Down until each lead's events have been tried: on a loaded machine the second lead's can reach the outbox after a sweep that tried the first's.
    const triedWhileDown = (leadId: string) => at('/down', leadId).some((r) => r.status === 500);
    const failing = await waitForLog(
      as.jane,
      hook.webhookId,
      (log) => log.some((d) => d.type === 'note.created') && log.some((d) => d.tries > 0) && triedWhileDown(first.leadId) && triedWhileDown(second.leadId),
    );
    const tried = failing.find((d) => d.tries > 0)!;
    expect(tried).toMatchObject({ status: 'pending', lastStatus: 500, lastAnswer: 'HTTP 500: receiver is down for maintenance' });

    // Back up; the retries' waits are over (the policy's clock moved on two hours).
    receiver.failing.delete('/down');
    sender().now = () => new Date(Date.now() + 2 * HOUR);
    try {
      const log = await waitForLog(as.jane, hook.webhookId, (l) => l.length > 0 && l.every((d) => d.status === 'sent'));
      const delivered = at('/down').filter((r) => r.status === 200);
      const ids = delivered.map((r) => r.body.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(log.map((d) => d.eventId).sort());
      for (const leadId of [first.leadId, second.leadId]) {
        const own = at('/down', leadId);
        // Every try of an event came after each earlier event of the lead was acknowledged.
        own.forEach((r, i) => {
          const earlier = new Set(own.filter((o) => o.body.position < r.body.position).map((o) => o.body.id));
          const ackedBefore = new Set(
            own
              .slice(0, i)
              .filter((o) => o.status === 200)
              .map((o) => o.body.id),
          );
          expect(
            [...earlier].filter((id) => !ackedBefore.has(id)),
            `${r.body.type} waited for the lead's earlier events`,
          ).toEqual([]);
        });
        const positions = own.filter((r) => r.status === 200).map((r) => r.body.position);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }
      expect(
        at('/down', first.leadId)
          .filter((r) => r.status === 200)
          .map((r) => r.body.type),
      ).toContain('note.created');
    } finally {
      sender().now = () => new Date();
    }
  });

  it('senders racing over the same deliveries (as instances do) deliver each once: rows are claimed under their lock', async () => {
    const hook = await make(as.jane, '/race');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await as.jane.post(`/api/dashboard/webhooks/${hook.webhookId}/test`)).body.eventId as string);
    await Promise.all([sender().deliverDue(), sender().deliverDue(), sender().deliverDue()]);
    await waitForLog(as.jane, hook.webhookId, (l) => l.length === ids.length && l.every((d) => d.status === 'sent'));
    const got = at('/race').map((r) => r.body.id);
    expect([...got].sort()).toEqual([...ids].sort());
  });

  it('a day of failures pauses the webhook and e-mails its owner; resumed in the dashboard, "send again" delivers the same id', async () => {
    receiver.failing.set('/paused', 503);
    const hook = await make(as.jane, '/paused');
    const test = await as.jane.post(`/api/dashboard/webhooks/${hook.webhookId}/test`);
    expect(test.status, test.text).toBe(202);
    const eventId = test.body.eventId as string;
    await waitForLog(as.jane, hook.webhookId, (l) => l.some((d) => d.eventId === eventId && d.tries > 0));

    sender().now = () => new Date(Date.now() + 25 * HOUR);
    try {
      const log = await waitForLog(as.jane, hook.webhookId, (l) => l.some((d) => d.eventId === eventId && d.status === 'failed'));
      expect(log.find((d) => d.eventId === eventId)).toMatchObject({ type: 'webhook.test', status: 'failed', lastStatus: 503 });
    } finally {
      sender().now = () => new Date();
    }
    const listed = ((await as.jane.get('/api/dashboard/webhooks')).body.webhooks as { webhookId: string; paused: boolean; pausedWhy: string }[]).find(
      (w) => w.webhookId === hook.webhookId,
    );
    expect(listed).toMatchObject({ paused: true, pausedWhy: 'failing' });
    const mail = await waitForMail(app.server.runtime.db.pool, jane.email, (m) => m.subject.includes('webhook was paused'));
    expect(mail.text).toContain(`${receiver.origin}/paused`);
    expect(mail.text).toContain('/dashboard?view=webhooks');

    receiver.failing.delete('/paused');
    const resumed = await as.jane.request('PATCH', `/api/dashboard/webhooks/${hook.webhookId}`, { json: { paused: false } });
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body).toMatchObject({ paused: false, pausedWhy: null, failed: 1 });
    const again = await as.jane.post(`/api/dashboard/webhooks/${hook.webhookId}/deliveries/${eventId}/retry`);
    expect(again.status, again.text).toBe(202);
    await waitForLog(as.jane, hook.webhookId, (l) => l.some((d) => d.eventId === eventId && d.status === 'sent'));
    const tries = at('/paused');
    expect(tries.every((r) => r.body.id === eventId && r.headers['porchlight-event-id'] === eventId)).toBe(true);
    expect(tries.map((r) => r.status)).toEqual([...tries.slice(0, -1).map(() => 503), 200]);
  });
});
