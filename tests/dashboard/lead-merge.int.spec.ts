import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { connectSocket, demoUser, newLead, record, settle, signIn, startDashboardServer, until } from '../support/dashboard-fixture';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const staff = demoUser('staff');

type Entry = { type: string; summary: string; mergedFrom?: string };
type Item = { id: string; body: string; direction: string; mergedFrom?: string };

/**
 * Merges that merge (issue 18), over HTTP: one person who became two leads of Jane's site (two
 * e-mail addresses). Staff merge the accounts in the back-office; the dashboard then shows one
 * lead, its timeline, conversation, notes, tasks and saved searches holding the duplicate's
 * (marked "merged from"), the duplicate's old address answers with the survivor, what the
 * duplicate's account does next lands on the survivor, every scope holds, and an unmerge gives
 * both back.
 */
describe('merging two leads of one person', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let kept: Awaited<ReturnType<typeof newLead>>;
  let dupe: Awaited<ReturnType<typeof newLead>>;
  let janeC: WebClient;
  let alexC: WebClient;
  let brokerC: WebClient;
  let staffC: WebClient;
  let ids: { survivorId: string; mergedId: string };

  const listed = async (c: WebClient, q = '') =>
    ((await c.get(`/api/dashboard/leads?perpage=100${q}`)).body.leads as { leadId: string }[]).map((l) => l.leadId);
  const details = async (c: WebClient, leadId: string) =>
    (await c.get(`/api/dashboard/feed/lead/${leadId}`)).body as {
      lead: { leadId: string; userId: string };
      timeline: Entry[];
      notes: { text: string; mergedFrom?: string }[];
    };
  const thread = async (c: WebClient, leadId: string) => (await c.get(`/api/dashboard/leads/${leadId}/thread`)).body.items as Item[];
  const boardTotal = async (c: WebClient) => ((await c.get('/api/dashboard/board')).body.columns as { count: number }[]).reduce((s, col) => s + col.count, 0);

  beforeAll(async () => {
    fixture = await startDashboardServer();
    server = fixture.server;
    kept = await newLead(server, 'jane.localhost', { FullName: 'Mia Kept', Message: 'First inquiry' });
    dupe = await newLead(server, 'jane.localhost', { FullName: 'Mia Dupe', Message: 'Second inquiry' });
    await settle(server);
    [janeC, alexC, brokerC, staffC] = await Promise.all([
      signIn(server, jane.email, 'jane.localhost'),
      signIn(server, alex.email, 'demo.localhost'),
      signIn(server, broker.email, 'demo.localhost'),
      signIn(server, staff.email),
    ]);
    // The duplicate's history: the person chats, Jane answers, writes a note, a task and a saved search on it.
    expect((await dupe.client.post('/api/dashboard/chat/sendmessage', { text: 'Is the yard fenced?' })).status).toBe(200);
    expect((await janeC.post(`/api/dashboard/leads/${dupe.leadId}/messages`, { channel: 'chat', body: 'It is, all round.' })).status).toBe(201);
    expect((await janeC.post(`/api/dashboard/leads/${dupe.leadId}/notes`, { text: 'Prefers mornings' })).status).toBe(201);
    expect(
      (await janeC.post(`/api/dashboard/leads/${dupe.leadId}/tasks`, { type: 'call', title: 'Call Mia about the yard', dueAt: '2030-01-02T17:00:00.000Z' }))
        .status,
    ).toBe(201);
    expect((await janeC.post(`/api/dashboard/leads/${dupe.leadId}/saved-searches`, { city: 'Seattle', name: 'Fenced yards', frequency: 'daily' })).status).toBe(
      200,
    );
    await settle(server);
    ids = { survivorId: (await details(janeC, kept.leadId)).lead.userId, mergedId: (await details(janeC, dupe.leadId)).lead.userId };
  }, 120_000);
  afterAll(async () => fixture?.stop());

  it('before: two leads everywhere', async () => {
    expect(await listed(janeC)).toEqual(expect.arrayContaining([kept.leadId, dupe.leadId]));
    expect(await listed(brokerC)).toEqual(expect.arrayContaining([kept.leadId, dupe.leadId]));
  });

  it('merged: one lead in every list, board and search; the duplicate’s history under the survivor, marked; its old address shows the survivor', async () => {
    const [janeBoard, brokerBoard] = [await boardTotal(janeC), await boardTotal(brokerC)];
    const [janeSocket, alexSocket] = await Promise.all([connectSocket(server, janeC), connectSocket(server, alexC)]);
    const [janeHears, alexHears] = [record(janeSocket), record(alexSocket)];
    const merged = await staffC.post('/api/backoffice/accounts/merge', { ...ids, reason: 'Same person, two e-mails' });
    expect(merged.status, merged.text).toBe(200);
    await settle(server);
    // Open dashboards of whoever sees the leads drop the duplicate at once; others hear nothing.
    expect(await until(() => janeHears.get('lead.merged')?.[0])).toMatchObject({ leadId: dupe.leadId, intoLeadId: kept.leadId });
    expect(alexHears.get('lead.merged')).toBeUndefined();
    janeSocket.close();
    alexSocket.close();

    for (const c of [janeC, brokerC, staffC]) {
      const all = await listed(c);
      expect(all).toContain(kept.leadId);
      expect(all).not.toContain(dupe.leadId);
      expect(await listed(c, '&q=Dupe')).toEqual([]);
    }
    expect(await boardTotal(janeC)).toBe(janeBoard - 1);
    expect(await boardTotal(brokerC)).toBe(brokerBoard - 1);

    const view = await details(janeC, kept.leadId);
    const marked = view.timeline.filter((t) => t.mergedFrom === 'Mia Dupe').map((t) => t.type);
    expect(marked).toEqual(
      expect.arrayContaining(['AccountsMerged', 'LeadCaptured', 'InquirySubmitted', 'ChatMessageSent', 'LeadNoteWritten', 'SavedSearchSaved']),
    );
    // The lead's own entries carry no mergedFrom (the contract's entry is {type, at, summary}).
    expect(view.timeline.filter((t) => t.mergedFrom === undefined).map((t) => t.type)).toEqual(expect.arrayContaining(['LeadCaptured', 'InquirySubmitted']));
    // Newest first, both leads' lines interleaved by time.
    const times = view.timeline.map((t) => (t as unknown as { at: string }).at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(view.notes).toEqual([expect.objectContaining({ text: 'Prefers mornings', mergedFrom: 'Mia Dupe' })]);

    const items = await thread(janeC, kept.leadId);
    expect(items.map((i) => [i.body, i.direction, i.mergedFrom])).toEqual([
      ['Is the yard fenced?', 'in', 'Mia Dupe'],
      ['It is, all round.', 'out', 'Mia Dupe'],
    ]);
    const tasks = (await janeC.get(`/api/dashboard/tasks?leadId=${kept.leadId}`)).body.tasks as { title: string; leadName: string; mergedFrom?: string }[];
    expect(tasks).toEqual([expect.objectContaining({ title: 'Call Mia about the yard', leadName: 'Mia Kept', mergedFrom: 'Mia Dupe' })]);
    const searches = (await janeC.get(`/api/dashboard/leads/${kept.leadId}/saved-searches`)).body.searches as { name: string; mergedFrom?: string }[];
    expect(searches).toEqual([expect.objectContaining({ name: 'Fenced yards', mergedFrom: 'Mia Dupe' })]);

    // The duplicate's old address answers with the survivor, for whoever may see it; others still get 404.
    expect((await details(janeC, dupe.leadId)).lead.leadId).toBe(kept.leadId);
    expect((await details(brokerC, dupe.leadId)).lead.leadId).toBe(kept.leadId);
    expect((await alexC.get(`/api/dashboard/feed/lead/${dupe.leadId}`)).status).toBe(404);
    expect((await alexC.get(`/api/dashboard/leads/${kept.leadId}`)).status).toBe(404);
    expect((await dupe.client.get(`/api/dashboard/feed/lead/${kept.leadId}`)).status).toBe(403);
    expect((await WebClient.for(server.url, 'jane.localhost').get(`/api/dashboard/feed/lead/${dupe.leadId}`)).status).toBe(401);
  });

  it('what the duplicate’s account does next lands on the survivor', async () => {
    expect((await dupe.client.post('/api/dashboard/chat/sendmessage', { text: 'Can we see it Saturday?' })).status).toBe(200);
    await settle(server);
    expect((await thread(janeC, kept.leadId)).at(-1)).toMatchObject({ body: 'Can we see it Saturday?', direction: 'in', mergedFrom: 'Mia Dupe' });
    expect((await details(janeC, kept.leadId)).timeline[0]).toMatchObject({ type: 'ChatMessageSent', mergedFrom: 'Mia Dupe' });
    expect((await listed(janeC))[0]).toBe(kept.leadId);
    expect(await listed(janeC)).not.toContain(dupe.leadId);
  });

  it('an inquiry by the merged account on a site where it was no lead becomes the kept account’s lead, routed as usual; its browsing there lands on it', async () => {
    const onDemo = WebClient.for(server.url, 'demo.localhost');
    for (const [k, v] of dupe.client.cookies) onDemo.cookies.set(k, v);
    const res = await onDemo.post('/api/account/inquiry', {
      FullName: 'Mia Dupe',
      Email: dupe.email,
      Phone: '2065550123',
      Message: 'And this one?',
      LeadType: 'Buyer',
    });
    expect(res.status, res.text).toBe(200);
    await settle(server);
    const lead = await details(brokerC, res.body.leadId as string);
    expect(lead.lead.userId).toBe(ids.survivorId);
    expect(lead.timeline.map((t) => t.type)).toEqual(expect.arrayContaining(['LeadCaptured', 'InquirySubmitted', 'LeadAssigned']));
    // Browsing there follows too: the search shows on the kept account's lead.
    expect((await onDemo.post('/api/lead/activity', { type: 'SearchRun', title: 'Homes in Tacoma', query: 'city=Tacoma' })).status).toBe(204);
    await settle(server);
    const latest = (await details(brokerC, res.body.leadId as string)).timeline[0];
    expect(latest).toMatchObject({ type: 'SearchRun' });
    expect(latest).not.toHaveProperty('mergedFrom');
  });

  it('unmerged: both leads as they were, each with its own history (and what came meanwhile)', async () => {
    const janeSocket = await connectSocket(server, janeC);
    const janeHears = record(janeSocket);
    const res = await staffC.post('/api/backoffice/accounts/unmerge', { ...ids, reason: 'Two people after all' });
    expect(res.status, res.text).toBe(200);
    await settle(server);
    expect(await until(() => janeHears.get('lead.captured')?.find((p) => p.leadId === dupe.leadId))).toMatchObject({ fullName: 'Mia Dupe' });
    janeSocket.close();
    expect(await listed(janeC)).toEqual(expect.arrayContaining([kept.leadId, dupe.leadId]));
    expect((await details(janeC, kept.leadId)).timeline.every((t) => t.mergedFrom === undefined)).toBe(true);
    expect((await thread(janeC, kept.leadId)).length).toBe(0);
    expect((await thread(janeC, dupe.leadId)).map((i) => [i.body, i.mergedFrom])).toEqual([
      ['Is the yard fenced?', undefined],
      ['It is, all round.', undefined],
      ['Can we see it Saturday?', undefined],
    ]);
    const dupeView = await details(janeC, dupe.leadId);
    expect(dupeView.lead.leadId).toBe(dupe.leadId);
    expect(dupeView.notes).toEqual([expect.objectContaining({ text: 'Prefers mornings' })]);
    expect((await janeC.get(`/api/dashboard/tasks?leadId=${dupe.leadId}`)).body.tasks).toHaveLength(1);
  });
});
