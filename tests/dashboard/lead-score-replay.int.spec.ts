import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCORING_RULES, leadScoreAsOf, leadScoreOf, leadScoreProjection } from '../../projections/lead-score';
import { ProjectionRunner, rebuildProjection } from '../../projections/runner';
import type { EventStore } from '../../src/eventstore/event-store.port';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import type { NewEvent } from '../../src/shared/event';
import { mulberry32 } from '../../src/shared/prng';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const FACT_KINDS = [
  'ListingViewed',
  'ListingViewed',
  'ListingViewed',
  'ListingFavorited',
  'ListingShared',
  'ShowingRequested',
  'TextMessageReceived',
  'LeadEmailReceived',
  'PropertyAlertOpened',
  'LeadStageChanged',
  'chat-in',
  'chat-out',
] as const;
const STAGES = ['New', 'Active', 'Nurture', 'Under contract', 'Lost'];

type Lead = { leadId: string; userId: string };

/**
 * The lead score read model (issue 19 part 3) three ways over one log: batch by batch as the live
 * runner applies it, replayed from zero by the set-based replay (the log is in PostgreSQL), and
 * replayed batch by batch (the same store saying its log is elsewhere). All three must end in the
 * same scores and facts, before and after a rules change; a quiet lead's stored score is its score
 * as of the start of the log's latest day, as its breakdown says; a merged lead's events count
 * in the survivor's score, and an unmerge gives each its own again.
 */
describe('lead score read model: live batches, set-based replay and batch replay agree', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  const agent = randomUUID();
  const offices = [randomUUID(), randomUUID(), randomUUID()];
  const leads: Lead[] = Array.from({ length: 30 }, () => ({ leadId: randomUUID(), userId: randomUUID() }));
  const next = mulberry32(19);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  let clock = T0;

  const event = (type: string, data: Record<string, unknown>, at = clock): NewEvent => ({
    type,
    data,
    eventId: randomUUID(),
    metadata: { siteId: null, actorId: null, impersonatorId: null, correlationId: randomUUID(), causationId: null, at: new Date(at).toISOString() },
  });
  const append = (streamId: string, ...events: NewEvent[]) => store.append(streamId, 'any', events);
  const settle = () => runner.waitForCatchUp(60_000);
  const changeRules = (scope: string, rulesVersion: number, showing: number) =>
    append(
      `scoring-rules-${scope}`,
      event('ScoringRulesChanged', {
        scope,
        rulesVersion,
        byUserId: agent,
        rules: { ...DEFAULT_SCORING_RULES, signals: { ...DEFAULT_SCORING_RULES.signals, showing: { points: showing, halfLifeDays: 21, cap: 40 } } },
      }),
    );
  const merge = (type: 'AccountsMerged' | 'AccountsUnmerged', mergeId: string, survivor: Lead, duplicate: Lead) =>
    Promise.all(
      [survivor, duplicate].map((who) =>
        append(
          `backoffice-${who.userId}`,
          event(type, {
            userId: who.userId,
            mergeId,
            survivorId: survivor.userId,
            mergedId: duplicate.userId,
            reason: 'same person',
            ...(type === 'AccountsMerged' ? { leads: [{ mergedLeadId: duplicate.leadId, survivorLeadId: survivor.leadId, mergedName: 'Ada' }] } : {}),
          }),
        ),
      ),
    );
  /** Some doings of random leads, an hour to a day apart: views mostly, replies in each channel, the agent's own chat (no reply), stage moves. */
  const activity = async (count: number) => {
    for (let i = 0; i < count; i++) {
      clock += Math.floor(next() * DAY);
      const l = pick(leads);
      const kind = pick(FACT_KINDS);
      const own = { leadId: l.leadId, siteId: offices[0] };
      if (kind === 'chat-in' || kind === 'chat-out') {
        const [from, to] = kind === 'chat-in' ? [l.userId, agent] : [agent, l.userId];
        await append(
          `chat-${l.leadId}`,
          event('ChatMessageSent', { ...own, chatId: l.leadId, messageId: randomUUID(), fromUserId: from, toUserId: to, text: 'hi' }),
        );
      } else if (kind === 'LeadStageChanged') await append(`lead-${l.leadId}`, event(kind, { ...own, stage: pick(STAGES), fromStage: 'New', byUserId: agent }));
      else if (kind === 'ListingViewed')
        await append(
          `leadactivity-${l.leadId}`,
          event(kind, { ...own, userId: l.userId, pdid: 'P1', address: '1 Elm St', price: 400_000 + Math.floor(next() * 8) * 25_000 }),
        );
      else await append(`work-${l.leadId}`, event(kind, own));
      // Now and then a lead changes office.
      if (next() < 0.05)
        await append(`lead-${l.leadId}`, event('LeadReassigned', { leadId: l.leadId, siteId: offices[0], agentId: agent, officeId: pick(offices) }));
    }
  };

  /** The read model's tables, facts decoded (their text's order is each writer's own), in a stable order. */
  const snapshot = async () => {
    const q = async (sql: string) => (await db.pool.query(sql)).rows;
    const facts = (await q('SELECT lead_id, merged_from, facts FROM lead_score_facts')).map((r) => ({
      lead: r.lead_id,
      from: r.merged_from,
      facts: (JSON.parse(`[${(r.facts as string).slice(0, -1)}]`) as number[][]).sort((a, b) => a[0]! - b[0]! || a[3]! - b[3]!),
    }));
    return {
      scores: await q('SELECT lead_id, user_id, office_id, score, rules_version, last_at, fading FROM lead_scores ORDER BY lead_id'),
      facts: facts.sort((a, b) => `${a.lead}${a.from}`.localeCompare(`${b.lead}${b.from}`)),
      rules: await q('SELECT scope, version, rules, changed_at FROM lead_score_rules ORDER BY scope, version'),
      clock: await q('SELECT latest_ms FROM lead_score_clock'),
      merges: await q('SELECT merged_lead_id, survivor_lead_id FROM lead_score_merges ORDER BY merged_lead_id'),
    };
  };
  /** The same store, saying its log is elsewhere: the rebuild replays it batch by batch through `apply`. */
  const batchesOnly = (): EventStore => Object.create(store, { logInPostgres: { get: () => false } }) as EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { pollMs: 20, databaseUrl: db.url });
    runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: [leadScoreProjection], batchSize: 7 });
    runner.start();
    for (const [i, l] of leads.entries()) {
      await append(
        `lead-${l.leadId}`,
        event('LeadCaptured', { leadId: l.leadId, userId: l.userId, siteId: offices[0] }),
        event('LeadAssigned', { leadId: l.leadId, siteId: offices[0], agentId: agent, officeId: offices[i % 3], rule: 'round-robin', ruleVersion: 1 }),
      );
    }
    await activity(120);
    await changeRules(offices[1]!, 1, 30);
    await merge('AccountsMerged', randomUUID(), leads[0]!, leads[1]!);
    const undone = randomUUID();
    await merge('AccountsMerged', undone, leads[2]!, leads[3]!);
    await activity(120);
    await changeRules('default', 1, 25);
    await merge('AccountsUnmerged', undone, leads[2]!, leads[3]!);
    await activity(60);
    await settle();
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
    await db?.drop();
  });

  it('live batches, a set-based rebuild and a batch-by-batch rebuild end the same; and again after a rules change', async () => {
    const live = await snapshot();
    expect(live.scores.filter((s) => s.score > 0).length).toBeGreaterThan(10);
    expect(live.merges).toHaveLength(1);
    const progress: number[] = [];
    const { applied } = await rebuildProjection({
      pool: db.pool,
      store,
      projection: leadScoreProjection,
      batchSize: 7,
      onProgress: (p) => progress.push(p.applied),
    });
    expect(await snapshot()).toEqual(live);
    // The progress counts every event of the read model's types, once.
    const { rows: counted } = await db.pool.query('SELECT count(*)::int AS n FROM events WHERE type = ANY($1)', [leadScoreProjection.eventTypes]);
    expect([applied, progress.at(-1)]).toEqual([counted[0]!.n, counted[0]!.n]);
    await rebuildProjection({ pool: db.pool, store: batchesOnly(), projection: leadScoreProjection, batchSize: 7 });
    expect(await snapshot()).toEqual(live);

    await changeRules('default', 2, 35);
    await settle();
    const changed = await snapshot();
    expect(changed.scores.filter((s) => s.rules_version === 2).length).toBeGreaterThan(0);
    expect(changed.scores.filter((s) => s.office_id !== offices[1]).every((s) => s.rules_version === 2)).toBe(true);
    await rebuildProjection({ pool: db.pool, store, projection: leadScoreProjection, batchSize: 1000 });
    expect(await snapshot()).toEqual(changed);
  });

  it('a quiet lead: its listed score is its score as of the start of the log’s latest day, fading as days pass; its breakdown says the same', async () => {
    const quiet = { leadId: randomUUID(), userId: randomUUID() };
    clock += DAY;
    const at = clock;
    await append(
      `lead-${quiet.leadId}`,
      event('LeadCaptured', { leadId: quiet.leadId, userId: quiet.userId, siteId: offices[0] }),
      event('LeadAssigned', { leadId: quiet.leadId, siteId: offices[0], agentId: agent, officeId: offices[0], rule: 'round-robin', ruleVersion: 1 }),
    );
    await append(
      `work-${quiet.leadId}`,
      event('ShowingRequested', { leadId: quiet.leadId, siteId: offices[0] }),
      event('TextMessageReceived', { leadId: quiet.leadId, siteId: offices[0] }),
    );
    await settle();
    const stored = async () => Number((await db.pool.query('SELECT score FROM lead_scores WHERE lead_id = $1', [quiet.leadId])).rows[0]!.score);
    const fresh = await stored();
    expect(fresh).toBe((await leadScoreAsOf(db.pool, quiet.leadId, new Date(at))).score);
    expect((await leadScoreOf(db.pool, quiet.leadId)).score).toBe(fresh);

    // Ten days on, another lead does something: the log's day moves, the quiet lead's points fade.
    clock += 10 * DAY;
    await append(`work-${leads[5]!.leadId}`, event('ListingFavorited', { leadId: leads[5]!.leadId, siteId: offices[0] }));
    await settle();
    const dayStart = new Date(Math.floor(clock / DAY) * DAY);
    const faded = await leadScoreOf(db.pool, quiet.leadId);
    expect(faded.score).toBeLessThan(fresh);
    expect(await stored()).toBe(faded.score);
    expect(faded).toEqual(await leadScoreAsOf(db.pool, quiet.leadId, dayStart));
    expect(faded.contributions.reduce((s, c) => s + c.points, 0)).toBe(faded.score);
    expect(faded.contributions[0]!.reason).toMatch(/^Asked for a showing \(faded to \d+ of 35\)$/);
    // The same as replaying from zero.
    const live = await snapshot();
    await rebuildProjection({ pool: db.pool, store, projection: leadScoreProjection, batchSize: 50 });
    expect(await snapshot()).toEqual(live);
  });

  it('merged leads fold into one score: the survivor counts the duplicate’s events, before and after the merge; an unmerge gives each its own again', async () => {
    const [survivor, duplicate] = [leads[0]!, leads[1]!];
    const rows = async (leadId: string) => (await db.pool.query<{ facts: string }>('SELECT facts FROM lead_score_facts WHERE lead_id = $1', [leadId])).rows;
    expect(await rows(duplicate.leadId)).toEqual([]);
    // After the merge, the duplicate's new events land under the survivor too.
    clock += DAY;
    await append(`work-${duplicate.leadId}`, event('ShowingRequested', { leadId: duplicate.leadId, siteId: offices[0] }));
    await settle();
    const both = await leadScoreOf(db.pool, survivor.leadId);
    expect(both.contributions.filter((c) => c.eventType === 'ShowingRequested').map((c) => c.at)).toContain(new Date(clock).toISOString());
    expect(Number((await db.pool.query('SELECT score FROM lead_scores WHERE lead_id = $1', [survivor.leadId])).rows[0]!.score)).toBe(both.score);
    expect((await leadScoreOf(db.pool, duplicate.leadId)).score).toBe(0);

    // The unmerged pair of the log: each has its own facts and score again.
    const [kept, back] = [leads[2]!, leads[3]!];
    const { rows: twins } = await db.pool.query('SELECT lead_id, merged_from FROM lead_score_facts WHERE lead_id = ANY($1) ORDER BY lead_id', [
      [kept.leadId, back.leadId],
    ]);
    expect(twins.every((r) => r.merged_from === null)).toBe(true);
    const [a, b] = await Promise.all([leadScoreOf(db.pool, kept.leadId), leadScoreOf(db.pool, back.leadId)]);
    const events = (s: typeof a) => new Set(s.contributions.map((c) => `${c.eventType}@${c.at}`));
    expect([...events(a)].filter((e) => events(b).has(e))).toEqual([]);
  });
});
