import { beforeAll, describe, expect, it } from 'vitest';
import { leadStream } from '../../src/modules/leads';
import { anEvent } from '../support/events';
import { demoUser, newLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const MIN = 60_000;

/**
 * The reports page's figures from what happened to the leads: capture, first contact and stages.
 * The contacts and stage moves are appended as the lead's events (what the CRM's commands
 * append), so the figures are known exactly.
 */
describe('reports: how fast leads are worked, by whom, and how far they get (issue 15 §8)', () => {
  const app = dashboardServer();
  const leads: { leadId: string; agentId: string; createdAt: number }[] = [];

  beforeAll(async () => {
    const { server } = app;
    for (let i = 0; i < 6; i++)
      leads.push({ ...(await newLead(server, 'demo.localhost', { FullName: `Report Lead ${'ABCDEF'[i]}` })), agentId: '', createdAt: 0 });
    await settle(server);
    const staff = await signIn(server, 'staff@porchlight.test');
    for (const l of leads) {
      const r = await staff.get(`/api/dashboard/leads/${l.leadId}`);
      l.agentId = r.body.lead.assignedAgentId;
      l.createdAt = Date.parse(r.body.lead.createdAt);
    }
    // Contacted after 2, 4, 6, 8 and 10 minutes; the sixth lead never. Two reach Active, one Closed.
    for (const [i, l] of leads.entries()) {
      const events = [];
      if (i < 5)
        events.push(
          anEvent('LeadFirstContacted', {
            leadId: l.leadId,
            siteId: 'x',
            byUserId: l.agentId,
            via: 'text',
            at: new Date(l.createdAt + (i + 1) * 2 * MIN).toISOString(),
          }),
        );
      if (i < 2) events.push(anEvent('LeadStageChanged', { leadId: l.leadId, siteId: 'x', stage: 'Active', fromStage: 'New', byUserId: l.agentId }));
      if (i === 0) events.push(anEvent('LeadStageChanged', { leadId: l.leadId, siteId: 'x', stage: 'Closed', fromStage: 'Active', byUserId: l.agentId }));
      if (i === 1)
        events.push(
          anEvent('LeadStageChanged', { leadId: l.leadId, siteId: 'x', stage: 'Nurture', fromStage: 'Active', byUserId: l.agentId }),
          anEvent('LeadStageChanged', { leadId: l.leadId, siteId: 'x', stage: 'Active', fromStage: 'Nurture', byUserId: l.agentId }),
        );
      if (events.length) await server.runtime.store.append(leadStream(l.leadId), 'stream_exists', events);
    }
    await settle(server);
  });

  it('a broker sees the office: sources, weeks, time to first contact, stages reached, a line per agent', async () => {
    const { server } = app;
    const res = await (await signIn(server, broker.email)).get('/api/dashboard/reports');
    expect(res.status, res.text).toBe(200);
    const r = res.body as { perAgent: { agentId: string; leads: number }[] };
    // The demo's own leads are in the office too, so totals are checked against each other.
    expect(res.body.newLeadsByWeek.length).toBeGreaterThanOrEqual(12);
    expect(res.body.newLeadsByWeek.reduce((n: number, w: { count: number }) => n + w.count, 0)).toBe(res.body.firstContact.total);
    expect(res.body.newLeadsBySource.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(res.body.firstContact.total);
    expect(res.body.firstContact.contacted).toBeGreaterThanOrEqual(5);
    const stages = res.body.stagesReached.map((s: { stage: string }) => s.stage);
    expect(stages.slice(0, 8)).toEqual(['New', 'Attempted contact', 'Active', 'Nurture', 'Appointment set', 'Under contract', 'Closed', 'Lost']);
    const count = (stage: string) => res.body.stagesReached.find((s: { stage: string }) => s.stage === stage).count;
    expect(count('Active')).toBe(2); // moving back to Active counts once
    expect(count('Closed')).toBe(1);
    expect(count('Nurture')).toBe(1);
    expect(count('New')).toBe(res.body.firstContact.total);
    const agents = new Set(leads.map((l) => l.agentId));
    for (const id of agents) expect(r.perAgent.find((a) => a.agentId === id)?.leads).toBeGreaterThanOrEqual(leads.filter((l) => l.agentId === id).length);
    expect(res.body.perAgent.every((a: { fullName: string }) => a.fullName.length > 0)).toBe(true);
  });

  it('median and p90 time to first contact are computed over the contacted leads', async () => {
    const { server } = app;
    // Only this test's leads have contacts, so an agent's figures are exactly theirs.
    const staff = await signIn(server, 'staff@porchlight.test');
    for (const agentId of new Set(leads.map((l) => l.agentId))) {
      const mine = leads.map((l, i) => ({ ...l, minutes: i < 5 ? (i + 1) * 2 : null })).filter((l) => l.agentId === agentId && l.minutes !== null);
      const res = await staff.get(`/api/dashboard/reports?agentId=${agentId}`);
      expect(res.status).toBe(200);
      expect(res.body.firstContact.contacted).toBe(mine.length);
      if (mine.length === 0) continue;
      const secs = mine.map((l) => l.minutes! * 60).sort((a, b) => a - b);
      const pct = (p: number) => {
        const k = (secs.length - 1) * p;
        const lo = Math.floor(k);
        return Math.round(secs[lo]! + (secs[Math.min(lo + 1, secs.length - 1)]! - secs[lo]!) * (k - lo));
      };
      expect(res.body.firstContact.medianSeconds).toBe(pct(0.5));
      expect(res.body.firstContact.p90Seconds).toBe(pct(0.9));
    }
  });

  it('an agent sees only their own leads, with no per-agent lines, and may not name another agent', async () => {
    const { server } = app;
    const janeClient = await signIn(server, jane.email);
    const own = await janeClient.get('/api/dashboard/reports');
    expect(own.status).toBe(200);
    expect(own.body.perAgent).toEqual([]);
    const janesCount = leads.filter((l) => l.agentId === jane.userId).length;
    expect(own.body.firstContact.total).toBeGreaterThanOrEqual(janesCount);
    expect((await janeClient.get(`/api/dashboard/reports?agentId=${alex.userId}`)).status).toBe(403);
    expect((await janeClient.get(`/api/dashboard/reports?agentId=${jane.userId}`)).status).toBe(200);
  });

  it('counts the tasks due in the period: done, overdue and still open, for the agent and per agent for the broker', async () => {
    const { server } = app;
    const mine = leads.find((l) => l.agentId === jane.userId)!;
    const janeClient = await signIn(server, jane.email);
    // A period that ends the day after tomorrow, so the task due in two hours is in it whatever the hour.
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const report = async (c = janeClient) => (await c.get(`/api/dashboard/reports?to=${to}`)).body;
    const before = (await report()).tasks;
    const task = async (dueAt: Date) => {
      const res = await janeClient.post(`/api/dashboard/leads/${mine.leadId}/tasks`, { title: 'Call back', type: 'call', dueAt: dueAt.toISOString() });
      expect(res.status, res.text).toBe(201);
      return res.body.taskId as string;
    };
    const done = await task(new Date(Date.now() - 3 * 3600_000));
    await task(new Date(Date.now() - 2 * 3600_000));
    await task(new Date(Date.now() + 2 * 3600_000));
    expect((await janeClient.request('PATCH', `/api/dashboard/tasks/${done}`, { json: { done: true } })).status).toBe(200);
    await settle(server);
    const after = (await report()).tasks;
    expect(after).toEqual({ done: before.done + 1, overdue: before.overdue + 1, open: before.open + 1 });
    const office = await report(await signIn(server, broker.email));
    expect(office.perAgent.find((a: { agentId: string }) => a.agentId === jane.userId)).toMatchObject({
      tasksDone: before.done + 1,
      tasksOverdue: before.overdue + 1,
    });
  });

  it('refuses bad periods and answers 401 signed out, 403 to a lead', async () => {
    const { server } = app;
    const staff = await signIn(server, 'staff@porchlight.test');
    expect((await staff.get('/api/dashboard/reports?from=2026-02-30')).body.message).toBe('2026-02-30 is not a date');
    expect((await staff.get('/api/dashboard/reports?from=2026-05-01&to=2026-04-01')).body.message).toBe('The report must start before it ends');
    expect((await staff.get('/api/dashboard/reports?from=2020-01-01&to=2026-01-01')).body.message).toBe('A report covers at most two years');
    const lead = await newLead(server, 'demo.localhost');
    expect((await lead.client.get('/api/dashboard/reports')).status).toBe(403);
    expect((await WebClient.for(server.url, 'localhost').get('/api/dashboard/reports')).status).toBe(401);
  });
});
