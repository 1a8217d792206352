import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config/config';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import type { NewEvent } from '../../src/shared/event';
import { leadScoreProjection } from '../../projections/lead-score';
import { ProjectionRunner, rebuildProjection } from '../../projections/runner';
import { DEFAULT_SCORING_RULES } from '../../projections/lead-score';
import { type Benchmark, type BenchContext, cpuPer, inParallel } from './bench';

/** Per lead: captured, assigned, then this many doings (views mostly, some favourites, shares, showing requests, replies, alert opens, stage moves). */
const EVENTS_PER_LEAD = 50;
const TARGET_EVENTS = 5_000_000;
const GOAL_SECONDS = 60;
const T0 = Date.parse('2026-06-01T00:00:00.000Z');
const KINDS = [
  'ListingViewed',
  'ListingViewed',
  'ListingViewed',
  'ListingViewed',
  'ListingViewed',
  'ListingFavorited',
  'ListingShared',
  'ShowingRequested',
  'TextMessageReceived',
  'PropertyAlertOpened',
  'LeadStageChanged',
] as const;

function leadEvents(n: number, officeId: string): NewEvent[] {
  const leadId = randomUUID();
  const userId = randomUUID();
  const ev = (type: string, data: Record<string, unknown>, k: number): NewEvent => ({
    type,
    data: { leadId, userId, siteId: officeId, ...data },
    eventId: randomUUID(),
    metadata: {
      siteId: null,
      actorId: null,
      impersonatorId: null,
      correlationId: randomUUID(),
      causationId: null,
      at: new Date(T0 + n * 60_000 + k * 3_600_000).toISOString(),
    },
  });
  const out = [ev('LeadCaptured', {}, 0), ev('LeadAssigned', { agentId: officeId, officeId, rule: 'round-robin', ruleVersion: 1 }, 0)];
  for (let k = 1; k <= EVENTS_PER_LEAD - 2; k++) {
    const type = KINDS[(n + k) % KINDS.length]!;
    out.push(
      ev(
        type,
        type === 'ListingViewed'
          ? { pdid: `P${k}`, price: 400_000 + ((n * 7 + k * 13) % 50) * 5_000 }
          : type === 'LeadStageChanged'
            ? { stage: k % 2 ? 'Active' : 'Nurture' }
            : {},
        k,
      ),
    );
  }
  return out;
}

/** Leads per round of appends: each round writes the n-th event of each of these leads, so a lead's events spread over the log as in life. */
const GROUP = 500;

/**
 * The lead score at the goal's size (issue 19 part 3): rebuilding every lead's score by replay
 * (100,000 leads, 5M events, ≤ 60 s), and a rules change rescoring every lead from its stored
 * facts (≤ 60 s). --quick: 2,000 leads; LEAD_SCORE_LEADS sets another size.
 */
export const leadScoreBenchmark: Benchmark = {
  name: 'lead-score',
  description: 'lead score rebuild by replay, and a rules change',
  async run(ctx: BenchContext) {
    if (!ctx.wants('lead-score')) return;
    const config = loadConfig({});
    const leads = Number(process.env.LEAD_SCORE_LEADS) || (ctx.quick ? 2_000 : 100_000);
    const total = leads * EVENTS_PER_LEAD;
    const size = `${leads.toLocaleString('en-US')} leads / ${(total / 1e6).toFixed(1)}M events`;
    const toGoal = (perLead: number) => (leads === 100_000 ? '' : `; at 100,000 leads about ${(perLead * 100_000).toFixed(0)} s`);
    const db = await ctx.createDatabase({ poolSize: config.dbPoolSize });
    const store = new PostgresEventStore(db.pool, { pollMs: config.projections.pollMs, databaseUrl: db.url });
    try {
      ctx.progress(`lead-score: writing ${size}`);
      const offices = Array.from({ length: 20 }, () => randomUUID());
      let next = 0;
      await inParallel(2, async () => {
        for (let g = next++; g * GROUP < leads; g = next++) {
          const group = Array.from({ length: Math.min(GROUP, leads - g * GROUP) }, (_, i) => ({
            n: g * GROUP + i,
            events: leadEvents(g * GROUP + i, offices[(g * GROUP + i) % offices.length]!),
          }));
          for (let k = 0; k < EVENTS_PER_LEAD; k++) {
            await store.appendMany(group.map((l) => ({ streamId: `bench-lead-${l.n}`, expected: 'any' as const, events: [l.events[k]!] })));
          }
        }
      });
      await db.pool.query('VACUUM ANALYZE events');

      const m = await ctx.measure(async () => {
        await rebuildProjection({ pool: db.pool, store, projection: leadScoreProjection, batchSize: config.projections.batchSize });
      });
      const { rows } = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM lead_scores WHERE score > 0');
      if (Number(rows[0]!.n) === 0) throw new Error('The rebuild scored no lead');
      ctx.record({
        key: 'lead-score-rebuild',
        label: `lead score rebuild by replay, ${size}`,
        value: m.seconds,
        unit: 's',
        // The goal pro rata below the goal's size.
        goal: (GOAL_SECONDS * total) / TARGET_EVENTS,
        lowerIsBetter: true,
        detail: `${Math.round(total / m.seconds).toLocaleString('en-US')} events/s; ${cpuPer(m, total, 'event')}${toGoal(m.seconds / leads)}`,
      });

      // A rules change as the product makes it: the live read model rescores every lead from its stored facts.
      const runner = new ProjectionRunner({
        pool: db.pool,
        databaseUrl: db.url,
        store,
        projections: [leadScoreProjection],
        batchSize: config.projections.batchSize,
      });
      let r;
      try {
        runner.start();
        await runner.waitForCatchUp(600_000);
        const rules = { ...DEFAULT_SCORING_RULES, signals: { ...DEFAULT_SCORING_RULES.signals, showing: { points: 30, halfLifeDays: 21, cap: 40 } } };
        r = await ctx.measure(async () => {
          await store.append('scoring-rules-default', 'no_stream', [
            {
              type: 'ScoringRulesChanged',
              data: { scope: 'default', rulesVersion: 1, rules, byUserId: randomUUID() },
              eventId: randomUUID(),
              metadata: {
                siteId: null,
                actorId: null,
                impersonatorId: null,
                correlationId: randomUUID(),
                causationId: null,
                at: new Date(T0 + 400 * 86_400_000).toISOString(),
              },
            },
          ]);
          await runner.waitForCatchUp(600_000);
        });
      } finally {
        await runner.stop();
      }
      const { rows: rescored } = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM lead_scores WHERE rules_version = 1');
      if (Number(rescored[0]!.n) !== leads) throw new Error(`The rules change rescored ${rescored[0]!.n} leads, not ${leads}`);
      ctx.record({
        key: 'lead-score-rules-change',
        label: `rules change → every lead rescored from its stored facts, ${size}`,
        value: r.seconds,
        unit: 's',
        goal: (GOAL_SECONDS * leads) / 100_000,
        lowerIsBetter: true,
        detail: `${Math.round(leads / r.seconds).toLocaleString('en-US')} leads/s; ${cpuPer(r, leads, 'lead')}${toGoal(r.seconds / leads)}`,
      });
    } finally {
      await store.close();
      await db.close();
    }
  },
};
