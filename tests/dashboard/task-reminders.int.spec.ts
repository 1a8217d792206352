import { beforeAll, describe, expect, it } from 'vitest';
import { Mailer, readMailbox } from '../../src/modules/messaging';
import { SmtpMailer } from '../../src/modules/messaging/smtp.mailer';
import { SmtpStandIn } from '../support/smtp-stand-in';
import { ReminderOutbox, TaskReminders } from '../../src/modules/tasks';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import type { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');

/** The 8 am digest (e-mail), with the clock passed in (the reminders by web push: task-reminder-push.int.spec.ts). */
describe('the morning task digest: once, at the right time in each agent’s zone', () => {
  const app = dashboardServer();
  let leadId: string;
  let janeC: WebClient;
  let brokerC: WebClient;

  const sweeper = () =>
    new ReminderOutbox({
      pool: app.server.runtime.db.pool,
      store: app.server.runtime.store,
      mailer: app.server.app.get(Mailer),
      baseUrl: 'https://demo.example',
    });
  const create = async (title: string, dueAt: Date) => {
    const res = await janeC.post(`/api/dashboard/leads/${leadId}/tasks`, { title, type: 'call', dueAt: dueAt.toISOString() });
    expect(res.status, res.text).toBe(201);
    return res.body.taskId as string;
  };
  const patch = (c: WebClient, taskId: string, json: Record<string, unknown>) => c.request('PATCH', `/api/dashboard/tasks/${taskId}`, { json });
  const count = async (sql: string, params: unknown[] = []) => Number((await app.server.runtime.db.pool.query(sql, params)).rows[0].n);

  beforeAll(async () => {
    const { server } = app;
    ({ leadId } = await janesLead(server, { FullName: 'Rita Reminder' }));
    [janeC, brokerC] = await Promise.all([signIn(server, jane.email, 'jane.localhost'), signIn(server, broker.email, 'demo.localhost')]);
  });

  it('the morning digest goes at 8 am in each agent’s zone, once per local date, and not at all on a day with nothing', async () => {
    const { server } = app;
    const put = (c: WebClient, timeZone: string) => c.request('PUT', '/api/dashboard/me/timezone', { json: { timeZone } });
    const alexC = await signIn(server, alex.email, 'demo.localhost');
    expect((await put(janeC, 'America/New_York')).status).toBe(200);
    expect((await put(alexC, 'America/Los_Angeles')).status).toBe(200);
    // Tuesday 5 March 2030 (before the change to summer time): 8 am is 13:00Z in New York, 16:00Z in Los Angeles.
    await create('Open house follow-ups', new Date('2030-03-05T15:00:00Z'));
    await create('Comps for the Smiths', new Date('2030-03-04T15:00:00Z'));
    await create('Next week', new Date('2030-03-12T15:00:00Z'));
    const alexTask = await create('Alex: call the lender', new Date('2030-03-05T20:00:00Z'));
    expect((await patch(brokerC, alexTask, { assigneeId: alex.userId })).status).toBe(200);
    await settle(server);
    const digests = server.app.get(TaskReminders).outbox;
    // The server's own sweep runs on the wall clock too: on a slow machine it can catch the earlier
    // case's 'Already past' task before it was completed and mail a digest for the real date. That
    // digest is right; this case is about the 2030 days it drives, so it reads those alone.
    const mail = async (to: string) => (await readMailbox(server.runtime.db.pool, to)).filter((m) => /^Your tasks for \w+, Mar \d+:/.test(m.subject));

    // Before the clock (at real time, a day whose tasks lie years ahead: nothing to send).
    expect(await digests.sendDigests(new Date('2030-03-05T12:59:00Z'))).toBe(0);
    expect(await digests.sendDigests(new Date('2030-03-05T13:00:00Z'))).toBe(1);
    expect((await mail(jane.email)).map((m) => m.subject)).toEqual(['Your tasks for Tue, Mar 5: 1 today, 1 overdue']);
    const [janeMail] = await mail(jane.email);
    expect(janeMail!.text).toContain('10:00 AM · Call · Open house follow-ups (Rita Reminder)');
    expect(janeMail!.text).toContain('Mon, Mar 4, 10:00 AM · Call · Comps for the Smiths');
    expect(janeMail!.text).not.toContain('Next week');
    expect(await mail(alex.email)).toEqual([]);

    // Two instances later that morning: nothing more for Jane; Alex at his 8 am, once.
    expect(await Promise.all([sweeper().sendDigests(new Date('2030-03-05T15:00:00Z')), digests.sendDigests(new Date('2030-03-05T15:00:00Z'))])).toEqual([0, 0]);
    const at8West = await Promise.all([sweeper().sendDigests(new Date('2030-03-05T16:00:00Z')), digests.sendDigests(new Date('2030-03-05T16:00:00Z'))]);
    expect(at8West.reduce((a, b) => a + b)).toBe(1);
    expect((await mail(alex.email)).map((m) => m.subject)).toEqual(['Your tasks for Tue, Mar 5: 1 today']);
    expect(await digests.sendDigests(new Date('2030-03-05T23:00:00Z'))).toBe(0);
    expect(await mail(jane.email)).toHaveLength(1);

    // Alex's only task done: his Wednesday has nothing, so no mail (decided once, as skipped).
    expect((await patch(alexC, alexTask, { done: true })).status).toBe(200);
    await settle(server);
    expect(await digests.sendDigests(new Date('2030-03-06T16:30:00Z'))).toBe(1); // Jane's Wednesday: two overdue
    expect(await mail(alex.email)).toHaveLength(1);
    expect((await mail(jane.email)).map((m) => m.subject)).toContain('Your tasks for Wed, Mar 6: 2 overdue');
    expect(await count(`SELECT count(*) AS n FROM task_digest_outbox WHERE agent_id = $1 AND local_date = '2030-03-06'`, [jane.userId])).toBe(1);
  });
  it(
    'a digest the relay refuses for good is tried once and given up with its reason; one it cannot reach waits for its next try and goes once',
    { timeout: 120_000 },
    async () => {
      const { server } = app;
      const pool = server.runtime.db.pool;
      expect((await janeC.request('PUT', '/api/dashboard/me/timezone', { json: { timeZone: 'America/New_York' } })).status).toBe(200);
      await create('Sign the listing agreement', new Date('2030-04-10T15:00:00Z'));
      await settle(server);
      const relay = await new SmtpStandIn({ refuse: true }).start();
      const through = (r: SmtpStandIn) =>
        new ReminderOutbox({
          pool,
          store: server.runtime.store,
          mailer: new SmtpMailer(r.url, 'Porchlight <no-reply@porchlight.test>'),
          baseUrl: 'https://demo.example',
        });
      const deferral = async (localDate: string) =>
        (
          await pool.query<{ state: string; attempts: number; last_error: string | null; next_attempt_at: Date | null; last_attempt_at: Date | null }>(
            `SELECT state, attempts, last_error, next_attempt_at, last_attempt_at FROM outbox_deferrals WHERE outbox = 'task-digests' AND message_key = $1`,
            [`${jane.userId} ${localDate}`],
          )
        ).rows[0];

      // Refused for good: one try, given up with the relay's reason (no address in it), not tried again.
      expect(await through(relay).sendDigests(new Date('2030-04-10T13:00:00Z'))).toBe(0);
      expect(await deferral('2030-04-10')).toMatchObject({
        state: 'failed',
        attempts: 1,
        last_error: 'SMTP 550: 5.1.1 <address>: Recipient address rejected: User unknown',
      });
      expect(await through(relay).sendDigests(new Date('2030-04-10T13:05:00Z'))).toBe(0);
      expect(relay.recipients.filter((r) => r === jane.email)).toHaveLength(1);
      expect(await count(`SELECT count(*) AS n FROM task_digest_outbox WHERE agent_id = $1 AND local_date = '2030-04-10'`, [jane.userId])).toBe(0);

      // The relay down: the next day's digest waits (no try before its time), then goes once when the relay is back.
      relay.refuse = false;
      await relay.stop();
      expect(await through(relay).sendDigests(new Date('2030-04-11T13:00:00Z'))).toBe(0);
      const first = (await deferral('2030-04-11'))!;
      expect(first).toMatchObject({ state: 'pending', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });
      expect(await through(relay).sendDigests(new Date('2030-04-11T13:01:00Z'))).toBe(0);
      const again = (await deferral('2030-04-11'))!;
      if (again.attempts > 1) expect(again.last_attempt_at!.getTime()).toBeGreaterThanOrEqual(first.next_attempt_at!.getTime());
      await relay.start();
      const deadline = Date.now() + 60_000;
      while ((await through(relay).sendDigests(new Date('2030-04-11T13:02:00Z'))) === 0) {
        if (Date.now() > deadline) throw new Error('the digest never went');
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(relay.accepted.filter((m) => m.to.includes(jane.email) && m.data.includes('Thu, Apr 11'))).toHaveLength(1);
      expect(await deferral('2030-04-11')).toBeUndefined();
      expect(await through(relay).sendDigests(new Date('2030-04-11T13:03:00Z'))).toBe(0);
      await relay.stop();
    },
  );
});
