import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { OutboxKit } from '../../src/modules/messaging';
import { WebPushSender } from '../../src/modules/notifications';
import { reminderId, TaskReminderSender } from '../../src/modules/tasks';
import type { ReceivedPush } from '../support/push-service-stand-in';
import { pushStandInServer } from '../support/push-stand-in-server';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { poolDyingAt } from '../support/dying-pool';
import { waitUntil } from '../support/wait-until';
import type { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
/** How far ahead a test task is due: its due time must still lie ahead when the server records it. */
const AHEAD_MS = 6_000;

type ReminderRow = { state: string; attempts: number; last_error: string | null; reminder_id: string | null };
type PushRow = { push_id: string; state: string; attempts: number; last_error: string | null };

/**
 * Task reminders by web push, exactly once, through a push service stand-in speaking RFC 8030
 * (tests/support/push-service-stand-in.ts): the server's own reminder sender hands each to the
 * one web push outbox at its time, whose sender posts it and retries it on the one policy.
 */
describe('a task reminder by web push: through the one push outbox, sent once, retried on the one policy, with one id', () => {
  const app = pushStandInServer();
  let janeC: WebClient;
  let leadId: string;
  let pool: pg.Pool;

  const create = async (title: string, aheadMs = AHEAD_MS) => {
    const dueAt = new Date(Date.now() + aheadMs);
    const res = await janeC.post(`/api/dashboard/leads/${leadId}/tasks`, { title, type: 'call', dueAt: dueAt.toISOString() });
    expect(res.status, res.text).toBe(201);
    return { taskId: res.body.taskId as string, dueAt, id: reminderId(res.body.taskId as string, dueAt) };
  };
  const idOf = (p: { payload?: unknown }) => (p.payload as { id?: string } | undefined)?.id;
  const pushesWith = (id: string): ReceivedPush[] => app.standIn.received.filter((p) => idOf(p) === id);
  const row = async (taskId: string) => (await pool.query<ReminderRow>('SELECT * FROM task_reminder_outbox WHERE task_id = $1', [taskId])).rows[0];
  /** The reminder's rows in the one web push outbox (its id is their event's). */
  const pushRows = async (id: string) => (await pool.query<PushRow>('SELECT * FROM web_push_outbox WHERE event_id = $1', [id])).rows;
  const another = () => new TaskReminderSender(app.server.app.get(OutboxKit), app.server.app.get(WebPushSender));

  beforeAll(async () => {
    pool = app.server.runtime.db.pool;
    ({ leadId } = await janesLead(app.server, { FullName: 'Rita Reminder' }));
    janeC = await signIn(app.server, jane.email, 'jane.localhost');
    app.standIn.expectKey((await janeC.get('/api/push/publickey')).body.publicKey);
    expect((await janeC.post('/api/push/subscribe', app.standIn.subscribe('jane'))).status).toBe(200);
    await settle(app.server);
  });

  it('a push service answering 500 then 201 gets the reminder twice with the same id, recorded sent once', { timeout: 90_000 }, async () => {
    const { taskId, id } = await create('Call Rita back');
    app.standIn.failNext('jane', 500, 1);
    const taken = await waitUntil('the reminder taken by the push service after its 500', async () => pushesWith(id)[0], 60_000);
    expect(taken.payload).toEqual({
      title: 'Task due: Call Rita back',
      body: 'Call · Rita Reminder',
      url: `/dashboard?lead=${leadId}`,
      tag: `task-${taskId}`,
      id,
    });
    expect(taken.topic).toBe(id.replace(/-/g, ''));
    expect(app.standIn.refused.filter((r) => idOf(r) === id).map((r) => r.status)).toEqual([500]);
    await waitUntil('the push recorded sent', async () => (await pushRows(id))[0]?.state === 'sent');
    expect(await row(taskId)).toMatchObject({ state: 'sent', attempts: 0, reminder_id: id });
    expect(await pushRows(id)).toMatchObject([{ state: 'sent', attempts: 1, last_error: 'push service answered 500' }]);
    expect(pushesWith(id)).toHaveLength(1);
  });

  it('a task done before its time sends nothing', { timeout: 90_000 }, async () => {
    const done = await create('Done early');
    const control = await create('Still open');
    expect((await janeC.request('PATCH', `/api/dashboard/tasks/${done.taskId}`, { json: { done: true } })).status).toBe(200);
    // The open task, due after the done one, has gone: the sweeps have passed the done one's time.
    await waitUntil('the open task’s reminder', async () => pushesWith(control.id)[0], 60_000);
    await waitUntil('the open task’s reminder recorded', async () => (await row(control.taskId))?.state === 'sent');
    expect(pushesWith(done.id)).toEqual([]);
    expect((await row(done.taskId))?.state ?? 'none').toMatch(/^(void|none)$/);
  });

  it('two instances sweeping at once send it once', { timeout: 90_000 }, async () => {
    const { taskId, id } = await create('Two sweepers');
    const [a, b] = [another(), another()];
    // These two and the server's own sender sweep together until the reminder is recorded.
    let sent = 0;
    await waitUntil(
      'the reminder recorded sent',
      async () => {
        sent += (await Promise.all([a.sendPending(), b.sendPending()])).reduce((x, y) => x + y, 0);
        return (await row(taskId))?.state === 'sent';
      },
      60_000,
    );
    expect(sent).toBeLessThanOrEqual(1);
    await waitUntil('the push recorded sent', async () => (await pushRows(id))[0]?.state === 'sent', 60_000);
    expect(pushesWith(id)).toHaveLength(1);
    expect(await Promise.all([a.sendPending(), b.sendPending()])).toEqual([0, 0]);
    expect(pushesWith(id)).toHaveLength(1);
  });

  it('a snooze voids the old time’s reminder and sends the new one; a task handed on reminds its new assignee', { timeout: 90_000 }, async () => {
    const alexC = await signIn(app.server, alex.email, 'demo.localhost');
    expect((await alexC.post('/api/push/subscribe', app.standIn.subscribe('alex'))).status).toBe(200);
    const brokerC = await signIn(app.server, broker.email, 'demo.localhost');
    const snoozed = await create('Snoozed');
    const handed = await create('Handed on');
    const snoozedTo = new Date(snoozed.dueAt.getTime() + 3_000);
    expect((await janeC.request('PATCH', `/api/dashboard/tasks/${snoozed.taskId}`, { json: { dueAt: snoozedTo.toISOString() } })).status).toBe(200);
    expect((await brokerC.request('PATCH', `/api/dashboard/tasks/${handed.taskId}`, { json: { assigneeId: alex.userId } })).status).toBe(200);
    const later = reminderId(snoozed.taskId, snoozedTo);
    await waitUntil('the snoozed reminder at its new time', async () => pushesWith(later)[0], 60_000);
    await waitUntil('the handed-on reminder', async () => pushesWith(handed.id)[0], 60_000);
    expect(pushesWith(snoozed.id)).toEqual([]);
    expect(pushesWith(handed.id).map((p) => p.path)).toEqual(['/push/alex']);
    const states = await pool.query<{ due_at: Date; state: string }>('SELECT due_at, state FROM task_reminder_outbox WHERE task_id = $1 ORDER BY due_at', [
      snoozed.taskId,
    ]);
    expect(states.rows.map((r) => r.state)).toEqual(['void', 'sent']);
  });

  it('a day of failures marks it failed, shown under failed messages; staff send it again and the same id goes once', { timeout: 120_000 }, async () => {
    const { taskId, id } = await create('Push service down');
    app.standIn.failNext('jane', 503, 1_000);
    await waitUntil('a first failed try', async () => ((await pushRows(id))[0]?.attempts ?? 0) >= 1, 60_000);
    // A day passes since its first failure: the next failed try is the last.
    await pool.query(`UPDATE web_push_outbox SET first_failed_at = now() - interval '25 hours' WHERE event_id = $1`, [id]);
    await waitUntil('the push given up', async () => (await pushRows(id))[0]?.state === 'failed', 60_000);
    const [push] = await pushRows(id);
    expect(push).toMatchObject({ last_error: 'push service answered 503' });
    expect(await row(taskId)).toMatchObject({ state: 'sent' });
    expect(pushesWith(id)).toEqual([]);

    const staff = await signIn(app.server, demoUser('staff').email);
    const list = await staff.get('/api/backoffice/outboxes/failed');
    expect(list.status, list.text).toBe(200);
    const group = (list.body.outboxes as { name: string; label: string; failed: { id: string; channel: string; reason: string }[] }[]).find(
      (o) => o.name === 'web-push',
    );
    expect(group?.failed).toContainEqual(expect.objectContaining({ id: push!.push_id, channel: 'push', reason: 'push service answered 503' }));

    app.standIn.failNext('jane', 503, 0);
    expect((await staff.post(`/api/backoffice/outboxes/web-push/${push!.push_id}/send-again`, {})).status).toBe(202);
    await waitUntil('the reminder sent again', async () => pushesWith(id)[0], 60_000);
    await waitUntil('the push recorded sent', async () => (await pushRows(id))[0]?.state === 'sent');
    expect(pushesWith(id)).toHaveLength(1);
  });

  it('a crash before the reminder’s commit queues nothing; after restart it is queued and pushed once', { timeout: 90_000 }, async () => {
    // This case is the only instance: the server's own reminder sender stops, as if this one had died.
    await app.server.app.get(TaskReminderSender).onModuleDestroy();
    const { taskId, dueAt, id } = await create('Crash and restart');
    await waitUntil('the due time', async () => (await pool.query<{ due: boolean }>('SELECT now() >= $1 AS due', [dueAt])).rows[0]!.due, 60_000);
    // The process dies after queueing the push, before the reminder row's commit.
    const dying = poolDyingAt(pool, "SET state = 'sent'");
    const kit = app.server.app.get(OutboxKit);
    const crashing = new TaskReminderSender({ ...kit, pool: dying } as OutboxKit, app.server.app.get(WebPushSender));
    await expect(crashing.sendPending()).rejects.toThrow('the process died');
    expect((await pool.query('SELECT 1 FROM web_push_queue WHERE event_id = $1', [id])).rowCount).toBe(0);
    expect(await row(taskId)).toMatchObject({ state: 'pending', attempts: 0 });

    const restarted = another();
    expect(await restarted.sendPending()).toBe(1);
    expect(await restarted.sendPending()).toBe(0);
    await waitUntil('the reminder pushed', async () => (await pushRows(id))[0]?.state === 'sent', 60_000);
    expect(await row(taskId)).toMatchObject({ state: 'sent', attempts: 0 });
    expect(pushesWith(id)).toHaveLength(1);
    expect(pushesWith(id)[0]!.topic).toBe(id.replace(/-/g, ''));
  });
});
