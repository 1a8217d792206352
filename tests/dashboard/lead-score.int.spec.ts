import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { leadScoreProjection } from '../../projections/lead-score';
import { rebuildProjection } from '../../projections/runner';
import { demoSite, demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const SITE = demoSite('demo').siteId;
const DAY = 86_400_000;

type Score = { score: number; rulesVersion: number; contributions: { points: number; reason: string; eventType: string; at: string }[] };
const total = (s: Score) => s.contributions.reduce((a, c) => a + c.points, 0);

/** The explainable lead score (issue 19 part 3, contract 5a): the breakdown, a past date, scoping, the list, and a rules change. */
describe('lead score: every contribution with its event, as of any date, rescored when the rules change', () => {
  const app = dashboardServer();
  let leadId: string;
  let leadClient: WebClient;
  let janeC: WebClient;
  const times: string[] = [];

  beforeAll(async () => {
    const { server } = app;
    ({ leadId, client: leadClient } = await janesLead(server, { FullName: 'Sky Score' }));
    janeC = await signIn(server, jane.email, 'jane.localhost');
    await settle(server);
    const now = Date.now();
    const ev = (type: string, data: Record<string, unknown>, daysAgo: number) => {
      const at = new Date(now - daysAgo * DAY);
      times.push(at.toISOString());
      return { type, data, eventId: randomUUID(), metadata: metadataOf(systemContext(at, SITE)) };
    };
    const base = { leadId, userId: randomUUID(), siteId: SITE };
    const store = server.runtime.store;
    await store.append(`leadactivity-${leadId}`, 'any', [
      ev('ListingViewed', { ...base, pdid: 'P1', address: '1 Elm St', price: 500_000 }, 6),
      ev('ListingViewed', { ...base, pdid: 'P2', address: '2 Elm St', price: 510_000 }, 5),
      ev('ListingViewed', { ...base, pdid: 'P3', address: '3 Elm St', price: 490_000 }, 4),
    ]);
    await store.append(`organizer-${leadId}`, 'any', [
      ev('ShowingRequested', { ...base, pdid: 'P2', preferredAt: new Date(now + DAY).toISOString(), message: 'Saturday?' }, 2),
    ]);
    await store.append(`sms-${leadId}`, 'any', [
      ev(
        'TextMessageReceived',
        { leadId, siteId: SITE, messageId: randomUUID(), from: '+12065550199', body: 'Yes please', media: [], providerId: `SM${randomUUID()}` },
        1,
      ),
    ]);
    // Chat: the lead's message is a reply; the agent's is not the lead's interest.
    const [captured] = await store.readStream(`lead-${leadId}`, { limit: 1 });
    const leadUser = (captured!.data as { userId: string }).userId;
    const chat = (fromUserId: string, toUserId: string) => ({
      chatId: randomUUID(),
      leadId,
      siteId: SITE,
      messageId: randomUUID(),
      fromUserId,
      toUserId,
      text: 'Hi',
    });
    await store.append(`chat-${leadId}`, 'any', [
      ev('ChatMessageSent', chat(leadUser, jane.userId), 0.5),
      ev('ChatMessageSent', chat(jane.userId, leadUser), 0.5),
    ]);
    await settle(server);
  });

  const score = async (client: WebClient, query = '') => {
    const res = await client.get(`/api/dashboard/leads/${leadId}/score${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body as Score;
  };

  it('the breakdown names each event and when, and adds up to the score', async () => {
    const s = await score(janeC);
    expect(s.rulesVersion).toBe(0);
    expect(s.score).toBeGreaterThan(0);
    expect(total(s)).toBe(s.score);
    expect(s.contributions.map((c) => c.eventType)).toEqual([
      'ListingViewed',
      'ListingViewed',
      'ListingViewed',
      'ShowingRequested',
      'TextMessageReceived',
      'ChatMessageSent',
      'ListingViewed',
    ]);
    expect(s.contributions[5]).toMatchObject({ reason: 'Replied', at: times[5] });
    expect(s.contributions[3]).toMatchObject({ reason: 'Asked for a showing (faded to 19 of 20)', at: times[3] });
    expect(s.contributions[6]!.reason).toBe('Viewed 3 homes priced within 20% of $500,000');
  });

  it('as of a past date: only what happened by then; as of the latest event, the read model’s own score', async () => {
    const latest = await score(janeC);
    // The read model scores as of the lead's latest counted event, or the start of the log's latest day if later.
    const { rows } = await app.server.runtime.db.pool.query<{ last_at: Date; clock: string }>(
      'SELECT last_at, (SELECT latest_ms FROM lead_score_clock) AS clock FROM lead_scores WHERE lead_id = $1',
      [leadId],
    );
    const asOf = Math.max(rows[0]!.last_at.getTime(), Math.floor(Number(rows[0]!.clock) / DAY) * DAY);
    expect(await score(janeC, `?asOf=${encodeURIComponent(new Date(asOf).toISOString())}`)).toEqual(latest);
    const early = await score(janeC, `?asOf=${encodeURIComponent(times[1]!)}`);
    expect(early.contributions.map((c) => c.eventType)).toEqual(['ListingViewed', 'ListingViewed']);
    expect(total(early)).toBe(early.score);
    expect(await janeC.get(`/api/dashboard/leads/${leadId}/score?asOf=yesterday`)).toMatchObject({
      status: 400,
      body: { message: 'asOf must be a date (2026-01-31) or a date-time with its zone' },
    });
  });

  it('the agent, the broker and staff see it; another agent 404, the lead 403, signed out 401', async () => {
    const { server } = app;
    const [b, staff, alexC] = await Promise.all([signIn(server, broker.email), signIn(server, 'staff@porchlight.test'), signIn(server, alex.email)]);
    expect((await score(b)).score).toBe((await score(staff)).score);
    for (const [who, status] of [
      [alexC, 404],
      [leadClient, 403],
      [WebClient.for(server.url, 'jane.localhost'), 401],
    ] as const) {
      expect((await who.get(`/api/dashboard/leads/${leadId}/score`)).status).toBe(status);
    }
  });

  it('the lead list shows the score, sorts by it and filters on it', async () => {
    const s = (await score(janeC)).score;
    const list = await janeC.get('/api/dashboard/feed?perpage=200&sort=-score');
    expect(list.status, list.text).toBe(200);
    const leads = list.body.leads as { leadId: string; score: number }[];
    expect(leads.find((l) => l.leadId === leadId)!.score).toBe(s);
    expect(leads[0]!.score).toBeGreaterThanOrEqual(leads.at(-1)!.score);
    expect(leads.map((l) => l.score)).toEqual(leads.map((l) => l.score).sort((x, y) => y - x));
    const above = await janeC.get(`/api/dashboard/leads?perpage=200&scoreMin=${s}`);
    expect((above.body.leads as { leadId: string }[]).map((l) => l.leadId)).toContain(leadId);
    const over = await janeC.get(`/api/dashboard/leads?perpage=200&scoreMin=${s + 1}`);
    expect((over.body.leads as { leadId: string }[]).map((l) => l.leadId)).not.toContain(leadId);
  });

  it('a broker changes the rules: a new version with who and when, every lead of the office rescored; the same as a rebuild from zero', async () => {
    const { server } = app;
    const b = await signIn(server, broker.email);
    const rules = (await b.get('/api/dashboard/score-rules')).body;
    expect(rules).toMatchObject({ scope: broker.userId, rulesVersion: 0 });
    const next = { ...rules.rules, signals: { ...rules.rules.signals, showing: { points: 40, halfLifeDays: 21, cap: 40 } } };
    expect((await janeC.request('PUT', '/api/dashboard/score-rules', { json: { rules: next } })).status).toBe(403);
    expect((await b.request('PUT', '/api/dashboard/score-rules', { json: { rules: { ...next, stages: 'x' } } })).status).toBe(400);
    const put = await b.request('PUT', '/api/dashboard/score-rules', { json: { rules: next } });
    expect(put.status, put.text).toBe(202);
    expect(put.body).toEqual({ rulesVersion: 1 });
    await settle(server);
    const after = await b.get('/api/dashboard/score-rules');
    expect(after.body).toMatchObject({ rulesVersion: 1, changedBy: broker.userId, rescored: { scored: after.body.rescored.total } });
    const s = await score(janeC);
    expect(s.rulesVersion).toBe(1);
    expect(s.contributions.find((c) => c.eventType === 'ShowingRequested')!.points).toBeGreaterThan(20);
    expect(total(s)).toBe(s.score);

    const pool = server.runtime.db.pool;
    const snapshot = async () => (await pool.query('SELECT lead_id, score, rules_version, last_at, fading FROM lead_scores ORDER BY lead_id')).rows;
    const live = await snapshot();
    await rebuildProjection({ pool, store: server.runtime.store, projection: leadScoreProjection, batchSize: 7 });
    expect(await snapshot()).toEqual(live);
  });
});
