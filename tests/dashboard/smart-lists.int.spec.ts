import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { leadStream } from '../../src/modules/leads';
import { seedCrmLead } from '../support/crm-leads';
import { demoSite, demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const DEMO_SITE = demoSite('demo').siteId;

type ListView = { listId: string; name: string; filters: Record<string, unknown>; builtIn: boolean; count: number | null };

describe('smart lists: saved filters per user, with live counts in the viewer’s scope', () => {
  const app = dashboardServer();
  let janeClient: WebClient;
  let alexClient: WebClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { server } = app;
    const office = { siteId: DEMO_SITE, source: 'direct', officeId: broker.userId };
    ids.vip1 = await seedCrmLead(server, {
      ...office,
      fullName: 'Vic One',
      agentId: jane.userId,
      createdHoursAgo: 400,
      tags: ['vip'],
      stage: 'Active',
      firstContactHoursAgo: 300,
    });
    ids.vip2 = await seedCrmLead(server, { ...office, fullName: 'Vic Two', agentId: jane.userId, createdHoursAgo: 20, tags: ['vip'] });
    ids.plain = await seedCrmLead(server, { ...office, fullName: 'Pat Plain', agentId: jane.userId, createdHoursAgo: 500 });
    ids.alexVip = await seedCrmLead(server, { ...office, fullName: 'Val Alex', agentId: alex.userId, createdHoursAgo: 30, tags: ['vip'] });
    await settle(server);
    [janeClient, alexClient] = await Promise.all([signIn(server, jane.email), signIn(server, alex.email)]);
  });

  const lists = async (client: WebClient): Promise<ListView[]> => {
    const res = await client.get('/api/dashboard/smartlists');
    expect(res.status, res.text).toBe(200);
    return res.body.lists;
  };
  const total = async (client: WebClient, query: string) => (await client.get(`/api/dashboard/leads?perpage=1&${query}`)).body.total as number;

  it('everyone has the default lists, counted like the same filters on the list: New not contacted, Hot, Overdue tasks', async () => {
    const got = await lists(janeClient);
    expect(got.map((l) => [l.listId, l.name, l.builtIn])).toEqual([
      ['new-not-contacted', 'New not contacted', true],
      ['hot', 'Hot', true],
      ['overdue-tasks', 'Overdue tasks', true],
    ]);
    expect(got[0]!.filters).toEqual({ stage: 'New', contacted: 'no' });
    expect(got[1]!.filters).toEqual({ lastActivity: '7d', scoreMin: '20' });
    expect(got[0]!.count).toBe(await total(janeClient, 'stage=New&contacted=no'));
    expect(got[1]!.count).toBe(await total(janeClient, 'lastActivity=7d&scoreMin=20'));
    // A lead scored 0 (or only by its first form) is never hot, however recent.
    expect(got[1]!.count).toBeLessThan(await total(janeClient, 'lastActivity=7d'));
    // Vic One (contacted, Active) is in neither; Pat Plain (500 h old, no activity since) only in the first.
    expect(await total(janeClient, 'stage=New&contacted=no&q=Vic')).toBe(1);
    expect(await total(janeClient, 'lastActivity=7d&q=Pat')).toBe(0);
  });

  it('Overdue tasks: a lead with an open task past due; done, or moved to later, it leaves the list', async () => {
    const { server } = app;
    const overdue = async () => (await lists(janeClient)).find((l) => l.listId === 'overdue-tasks')!.count;
    expect(await total(janeClient, 'task=overdue')).toBe(await overdue());
    const before = await overdue();
    const task = async (leadId: string, hours: number) => {
      const res = await janeClient.post(`/api/dashboard/leads/${leadId}/tasks`, {
        title: 'Call back',
        type: 'call',
        dueAt: new Date(Date.now() + hours * 3600_000).toISOString(),
      });
      expect(res.status, res.text).toBe(201);
      return res.body.taskId as string;
    };
    const late = await task(ids.vip1!, -2);
    await task(ids.vip1!, -1); // a second overdue task on the same lead: still one lead
    await task(ids.vip2!, 5); // not due yet
    await settle(server);
    expect(await overdue()).toBe(before! + 1);
    expect(await total(janeClient, 'task=overdue&q=Vic')).toBe(1);
    expect((await janeClient.get('/api/dashboard/leads?task=late')).body.message).toBe('task must be overdue');
    const patch = (taskId: string, json: Record<string, unknown>) => janeClient.request('PATCH', `/api/dashboard/tasks/${taskId}`, { json });
    expect((await patch(late, { done: true })).status).toBe(200);
    await settle(server);
    expect(await overdue()).toBe(before! + 1); // the other one is still overdue
    const { body } = await janeClient.get(`/api/dashboard/tasks?due=overdue&leadId=${ids.vip1}`);
    for (const t of body.tasks as { taskId: string }[])
      expect((await patch(t.taskId, { dueAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(200);
    await settle(server);
    expect(await overdue()).toBe(before);
  });

  it('counts move when leads change: a new lead joins New not contacted, not Hot (a form alone scores 8)', async () => {
    const { server } = app;
    const before = await lists(janeClient);
    await janesLead(server, { FullName: 'Nina New' });
    const after = await lists(janeClient);
    expect(after[0]!.count).toBe(before[0]!.count! + 1);
    expect(after[1]!.count).toBe(before[1]!.count!);
  });

  it('create, retry, rename, refilter and delete one’s own list; the read model follows', async () => {
    const { server } = app;
    const created = await janeClient.post('/api/dashboard/smartlists', { name: '  VIPs ', filters: { tag: 'vip', sort: '-created' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      listId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'VIPs',
      filters: { sort: '-created', tag: 'vip' },
      builtIn: false,
      count: 2,
    });
    const listId = created.body.listId as string;
    // The same request again (a retry): the same list, nothing new.
    const again = await janeClient.post('/api/dashboard/smartlists', { name: 'vips', filters: { sort: '-created', tag: 'vip' } });
    expect(again.status).toBe(200);
    expect(again.body.listId).toBe(listId);
    await settle(server);
    expect((await lists(janeClient)).filter((l) => !l.builtIn)).toEqual([
      { listId, name: 'VIPs', filters: { sort: '-created', tag: 'vip' }, builtIn: false, count: 2 },
    ]);

    const renamed = await janeClient.post('/api/dashboard/smartlists', { listId, name: 'VIP leads', filters: { tag: ['vip', 'vip'], stage: 'New' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ listId, name: 'VIP leads', filters: { stage: 'New', tag: 'vip' }, count: 1 });
    await settle(server);
    expect((await lists(janeClient)).find((l) => l.listId === listId)).toMatchObject({ name: 'VIP leads', count: 1 });

    const gone = await janeClient.delete(`/api/dashboard/smartlists/${listId}`);
    expect(gone.status).toBe(204);
    await settle(server);
    expect((await lists(janeClient)).some((l) => l.listId === listId)).toBe(false);
    expect((await janeClient.delete(`/api/dashboard/smartlists/${listId}`)).status).toBe(404);
    // Audited: the saves and the deletion are in Jane's back-office history.
    const staff = await signIn(server, 'staff@porchlight.test');
    const history = (await staff.get(`/api/backoffice/accounts/${jane.userId}/history?perpage=200`)).body.events as { type: string }[];
    expect(history.map((e) => e.type).filter((t) => t.startsWith('SmartList'))).toEqual(['SmartListDeleted', 'SmartListSaved', 'SmartListSaved']);
  });

  it('a count follows the lead’s changes (a tag added later)', async () => {
    const { server } = app;
    const made = await janeClient.post('/api/dashboard/smartlists', { name: 'Sellers', filters: { tag: 'seller' } });
    expect(made.body.count).toBe(0);
    const events = await server.runtime.store.readStream(leadStream(ids.plain!));
    await server.runtime.store.append(leadStream(ids.plain!), events.at(-1)!.streamPosition, [
      {
        type: 'LeadTagsChanged',
        data: { leadId: ids.plain, siteId: DEMO_SITE, tags: ['seller'], byUserId: jane.userId },
        eventId: randomUUID(),
        metadata: metadataOf(systemContext(new Date(), DEMO_SITE)),
      },
    ]);
    await settle(server);
    expect((await lists(janeClient)).find((l) => l.name === 'Sellers')!.count).toBe(1);
  });

  it('lists are the user’s own: another agent neither sees, changes nor deletes them (404), and counts in their own scope', async () => {
    const { server } = app;
    const mine = await janeClient.post('/api/dashboard/smartlists', { name: 'Mine', filters: { tag: 'vip' } });
    const listId = mine.body.listId as string;
    await settle(server);
    expect((await lists(alexClient)).some((l) => l.listId === listId)).toBe(false);
    const take = await alexClient.post('/api/dashboard/smartlists', { listId, name: 'Taken', filters: { tag: 'vip' } });
    expect([take.status, take.body.message]).toEqual([404, 'No such smart list']);
    expect((await alexClient.delete(`/api/dashboard/smartlists/${listId}`)).status).toBe(404);
    // The same name is free for another user; the count is of Alex's leads only.
    const his = await alexClient.post('/api/dashboard/smartlists', { name: 'Mine', filters: { tag: 'vip' } });
    expect(his.status).toBe(201);
    expect(his.body.count).toBe(1);
    expect(mine.body.count).toBe(2);
    // The broker's count of the same filters is the office's.
    const brokerClient = await signIn(server, broker.email);
    const office = await brokerClient.post('/api/dashboard/smartlists', { name: 'Office VIPs', filters: { tag: 'vip' } });
    expect(office.body.count).toBe(3);
    await settle(server);
    expect((await lists(janeClient)).find((l) => l.listId === listId)!.name).toBe('Mine');
  });

  it('refuses bad names, bad or empty filters, taken and default names, and deleting a default list, with clear messages', async () => {
    const post = async (body: unknown) => {
      const r = await janeClient.post('/api/dashboard/smartlists', body);
      return [r.status, r.body?.message];
    };
    expect(await post({ name: '', filters: { tag: 'vip' } })).toEqual([400, 'name must be 1 to 60 characters']);
    expect(await post({ name: 'x'.repeat(61), filters: { tag: 'vip' } })).toEqual([400, 'name must be 1 to 60 characters']);
    expect(await post({ filters: { tag: 'vip' } })).toEqual([400, 'name is required']);
    expect(await post({ name: 'Sorted', filters: { sort: 'name' } })).toEqual([400, 'Choose at least one filter to save as a smart list']);
    expect(await post({ name: 'Bad', filters: { sort: 'price', tag: 'vip' } })).toEqual([
      400,
      'sort must be lastActivity, created, name, lastContact or score, with - in front for descending (e.g. -created)',
    ]);
    expect(await post({ name: 'Bad', filters: { page: '2' } })).toEqual([400, 'Unknown field: page']);
    expect(await post({ name: 'Bad', filters: { tag: 'vip' }, owner: jane.userId })).toEqual([400, 'Unknown field: owner']);
    expect(await post({ name: 'hot', filters: { tag: 'vip' } })).toEqual([409, '"Hot" is one of the default smart lists; choose another name']);
    expect(await post({ name: 'MINE', filters: { stage: 'New' } })).toEqual([409, 'You already have a smart list named "Mine"']);
    expect(await post({ listId: randomUUID(), name: 'Nope', filters: { tag: 'vip' } })).toEqual([404, 'No such smart list']);
    const del = await janeClient.delete('/api/dashboard/smartlists/hot');
    expect([del.status, del.body.message]).toEqual([400, 'Default smart lists cannot be deleted']);
    expect((await janeClient.delete('/api/dashboard/smartlists/not-an-id')).status).toBe(404);
  });

  it('leads get 403, signed out 401, and a save needs the site’s Origin', async () => {
    const { server } = app;
    const lead = await signIn(server, 'lead@demo.test');
    expect((await lead.get('/api/dashboard/smartlists')).status).toBe(403);
    expect((await lead.post('/api/dashboard/smartlists', { name: 'x', filters: { tag: 'vip' } })).status).toBe(403);
    const anon = WebClient.for(server.url);
    expect((await anon.get('/api/dashboard/smartlists')).status).toBe(401);
    const noOrigin = await janeClient.post('/api/dashboard/smartlists', { name: 'No origin', filters: { tag: 'vip' } }, { origin: null });
    expect(noOrigin.status).toBe(403);
  });
});
