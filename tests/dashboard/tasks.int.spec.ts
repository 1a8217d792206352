import { beforeAll, describe, expect, it } from 'vitest';
import { localDate, zonedTimeToInstant } from '../../src/contract/tasks';
import { ONLY_BROKER_REASSIGNS } from '../../src/modules/tasks/change-task/change-task.http';
import { ONLY_BROKERS_SEE_OFFICE } from '../../src/modules/tasks/list-tasks/list-tasks.http';
import { NOT_A_TIME_ZONE } from '../../src/modules/tasks/time-zone/time-zone.http';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
/** 25 hours apart: at any moment their days end at different times. */
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';
const HOUR = 3600_000;

/** The next local midnight in `zone` after `now`. */
const endOfToday = (now: Date, zone: string) => {
  const next = new Date(`${localDate(now, zone)}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return zonedTimeToInstant(`${next.toISOString().slice(0, 10)}T00:00`, zone)!;
};

type Listed = { taskId: string; leadId: string; title: string; type: string; dueAt: string; done: boolean; assigneeId: string; leadName: string | null };

describe('tasks: made on a lead, listed overdue / today / upcoming in the assignee’s own day, changed by who may', () => {
  const app = dashboardServer();
  let leadId: string;
  let leadClient: WebClient;
  let janeC: WebClient;
  let alexC: WebClient;
  let brokerC: WebClient;

  beforeAll(async () => {
    const { server } = app;
    ({ leadId, client: leadClient } = await janesLead(server, { FullName: 'Tess Tasks' }));
    [janeC, alexC, brokerC] = await Promise.all([
      signIn(server, jane.email, 'jane.localhost'),
      signIn(server, alex.email, 'demo.localhost'),
      signIn(server, broker.email, 'demo.localhost'),
    ]);
  });

  const create = async (c: WebClient, body: Record<string, unknown>) => {
    const res = await c.post(`/api/dashboard/leads/${leadId}/tasks`, { type: 'call', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.taskId as string;
  };
  const patch = (c: WebClient, taskId: string, json: Record<string, unknown>) => c.request('PATCH', `/api/dashboard/tasks/${taskId}`, { json });
  const list = async (c: WebClient, q: string): Promise<Listed[]> => {
    const res = await c.get(`/api/dashboard/tasks?${q}`);
    expect(res.status, res.text).toBe(200);
    return res.body.tasks as Listed[];
  };
  const titles = (ts: readonly Listed[]) => ts.map((t) => t.title).sort();

  it('the time zone: the default until set, the browser offers one once, the settings change it, names checked', async () => {
    const { server } = app;
    expect((await janeC.get('/api/dashboard/me/timezone')).body).toEqual({ timeZone: 'America/Los_Angeles', chosen: false });
    const put = (c: WebClient, json: unknown) => c.request('PUT', '/api/dashboard/me/timezone', { json });
    expect((await put(janeC, { timeZone: 'America/New_York', how: 'browser' })).body).toMatchObject({ timeZone: 'America/New_York' });
    // A second browser somewhere else does not move the agent's day once one is set.
    expect((await put(janeC, { timeZone: 'Europe/Paris', how: 'browser' })).body).toMatchObject({ timeZone: 'America/New_York' });
    expect(await put(janeC, { timeZone: 'Mars/Olympus_Mons' })).toMatchObject({ status: 400, body: { message: NOT_A_TIME_ZONE } });
    expect((await put(janeC, { timeZone: EAST })).body).toMatchObject({ timeZone: EAST });
    expect((await put(alexC, { timeZone: WEST })).body).toMatchObject({ timeZone: WEST });
    await settle(server);
    expect((await janeC.get('/api/dashboard/me/timezone')).body).toEqual({ timeZone: EAST, chosen: true });
    expect((await put(leadClient, { timeZone: WEST })).status).toBe(403);
    expect((await WebClient.for(server.url, 'localhost').get('/api/dashboard/me/timezone')).status).toBe(401);
  });

  it("lists each assignee's overdue, today and upcoming tasks by their own day: one due time is today for one agent and tomorrow for the other", async () => {
    const { server } = app;
    const now = new Date();
    const [eEast, eWest] = [endOfToday(now, EAST), endOfToday(now, WEST)];
    // Just after the earlier of the two midnights: the day that ends first is over by then, the other is not.
    const between = new Date(Math.min(eEast.getTime(), eWest.getTime()) + 60_000);
    const firstEnds = eEast < eWest ? 'jane' : 'alex';
    for (const who of ['jane', 'alex'] as const) {
      const ids = {
        overdue: await create(janeC, { title: `${who} overdue`, dueAt: new Date(now.getTime() - 2 * HOUR).toISOString() }),
        between: await create(janeC, { title: `${who} between`, dueAt: between.toISOString(), type: 'showing' }),
        later: await create(janeC, { title: `${who} later`, dueAt: new Date(now.getTime() + 72 * HOUR).toISOString(), type: 'follow-up' }),
      };
      // The lead is Jane's, so her tasks are hers; the broker hands Alex his.
      if (who === 'alex') for (const id of Object.values(ids)) expect((await patch(brokerC, id, { assigneeId: alex.userId })).status).toBe(200);
    }
    await settle(server);
    for (const [who, c] of [
      ['jane', janeC],
      ['alex', alexC],
    ] as const) {
      const betweenIs = who === firstEnds ? 'upcoming' : 'today';
      expect(titles(await list(c, 'due=overdue')), who).toEqual([`${who} overdue`]);
      expect(titles(await list(c, 'due=today')), who).toEqual(betweenIs === 'today' ? [`${who} between`] : []);
      expect(titles(await list(c, 'due=upcoming')), who).toEqual(betweenIs === 'upcoming' ? [`${who} between`, `${who} later`] : [`${who} later`]);
    }
    const office = await list(brokerC, 'scope=office&due=overdue');
    expect(titles(office)).toEqual(['alex overdue', 'jane overdue']);
    expect(office.find((t) => t.title === 'alex overdue')).toEqual({
      taskId: expect.any(String),
      leadId,
      title: 'alex overdue',
      type: 'call',
      dueAt: expect.any(String),
      done: false,
      assigneeId: alex.userId,
      leadName: 'Tess Tasks',
    });
    // One lead's tasks, open and done: for whoever may see the lead.
    expect(titles(await list(janeC, `leadId=${leadId}`))).toHaveLength(6);
    expect((await alexC.get(`/api/dashboard/tasks?leadId=${leadId}`)).status).toBe(404);
    expect(await alexC.get('/api/dashboard/tasks?scope=office')).toMatchObject({ status: 403, body: { message: ONLY_BROKERS_SEE_OFFICE } });
    expect(await janeC.get('/api/dashboard/tasks?due=yesterday')).toMatchObject({
      status: 400,
      body: { message: 'due must be one of overdue, today, upcoming' },
    });
    // The Tasks view's one read: the three lists at once, each as its own list says.
    for (const [who, c, q] of [
      ['jane', janeC, 'scope=mine'],
      ['alex', alexC, ''],
      ['broker', brokerC, 'scope=office'],
    ] as const) {
      const res = await c.get(`/api/dashboard/tasks/due?${q}`);
      expect(res.status, res.text).toBe(200);
      const scope = q ? `${q}&` : '';
      expect(res.body, who).toEqual({
        overdue: await list(c, `${scope}due=overdue`),
        today: await list(c, `${scope}due=today`),
        upcoming: await list(c, `${scope}due=upcoming`),
      });
    }
    expect(await alexC.get('/api/dashboard/tasks/due?scope=office')).toMatchObject({ status: 403, body: { message: ONLY_BROKERS_SEE_OFFICE } });
    expect((await WebClient.for(server.url, 'localhost').get('/api/dashboard/tasks/due')).status).toBe(401);
  });

  it('complete, reopen, snooze, rename; reassigning is the broker’s, within the office', async () => {
    const { server } = app;
    const due = new Date(Date.now() - HOUR).toISOString();
    const taskId = await create(janeC, { title: 'Send the comps', type: 'email', dueAt: due });
    const done = await patch(janeC, taskId, { done: true });
    expect(done.body.task).toEqual({ taskId, leadId, title: 'Send the comps', type: 'email', dueAt: due, done: true, assigneeId: jane.userId });
    await settle(server);
    expect(titles(await list(janeC, 'due=overdue'))).not.toContain('Send the comps');
    expect((await patch(janeC, taskId, { done: false })).body.task.done).toBe(false);
    const snoozed = new Date(Date.now() + 5 * 24 * HOUR).toISOString();
    expect((await patch(janeC, taskId, { dueAt: snoozed, title: 'Send the comps (updated)' })).body.task).toMatchObject({
      dueAt: snoozed,
      title: 'Send the comps (updated)',
    });
    await settle(server);
    expect(titles(await list(janeC, 'due=upcoming'))).toContain('Send the comps (updated)');

    expect(await patch(janeC, taskId, { assigneeId: alex.userId })).toMatchObject({ status: 403, body: { message: ONLY_BROKER_REASSIGNS } });
    expect(await patch(brokerC, taskId, { assigneeId: '00000000-0000-4000-8000-000000000025' })).toMatchObject({
      status: 400,
      body: { message: 'That agent is not in this office' },
    });
    expect((await patch(brokerC, taskId, { assigneeId: alex.userId })).body.task.assigneeId).toBe(alex.userId);
    // The assignee works the task without seeing the lead; another agent does not see it at all.
    expect((await patch(alexC, taskId, { done: true })).status).toBe(200);
    expect((await patch(brokerC, taskId, { assigneeId: jane.userId })).status).toBe(200);
    expect((await patch(alexC, taskId, { done: false })).status).toBe(404);
  });

  it('another agent 404, the lead 403, signed out 401; bodies checked', async () => {
    const { server } = app;
    const taskId = await create(janeC, { title: 'Private', dueAt: new Date().toISOString() });
    const anon = WebClient.for(server.url, 'jane.localhost');
    for (const [who, status] of [
      [alexC, 404],
      [leadClient, 403],
      [anon, 401],
    ] as const) {
      expect((await who.post(`/api/dashboard/leads/${leadId}/tasks`, { title: 'x', type: 'call', dueAt: new Date().toISOString() })).status).toBe(status);
      expect((await patch(who, taskId, { done: true })).status).toBe(status);
    }
    expect((await leadClient.get('/api/dashboard/tasks')).status).toBe(403);
    expect((await anon.get('/api/dashboard/tasks')).status).toBe(401);
    // Signed out, a malformed body is still 401: the session is asked for before the input is read.
    expect((await anon.post(`/api/dashboard/leads/${leadId}/tasks`, { type: 'meeting' })).status).toBe(401);
    for (const [body, message] of [
      [{ title: 'x', type: 'meeting', dueAt: '2030-03-05T09:00:00Z' }, 'type must be one of call, text, email, showing, follow-up, other'],
      [{ title: 'x', type: 'call', dueAt: '2030-03-05T09:00' }, 'dueAt must be a date and time with its offset'],
      [{ title: ' ', type: 'call', dueAt: '2030-03-05T09:00:00Z' }, 'title is required'],
      [{ title: 'x', type: 'call', dueAt: '2030-03-05T09:00:00Z', assigneeId: alex.userId }, 'Unknown field: assigneeId'],
    ] as const) {
      expect(await janeC.post(`/api/dashboard/leads/${leadId}/tasks`, body), message).toMatchObject({ status: 400, body: { message } });
    }
    // A due time with an offset is kept as the instant it names.
    const id = await create(janeC, { title: 'Offset', dueAt: '2030-03-05T09:00:00-05:00' });
    expect((await patch(janeC, id, {})).body.task.dueAt).toBe('2030-03-05T14:00:00.000Z');
  });
});
