import { randomUUID } from 'node:crypto';
import { boardCards, boardCounts, leadFeedProjection, type Viewer } from '../../projections/lead-feed';
import { ProjectionRunner } from '../../projections/runner';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { loadConfig } from '../../src/config/config';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { DEFAULT_STAGES } from '../../src/modules/office/office.events';
import { type LeadEvent } from '../../src/modules/leads/leads.events';
import { mulberry32 } from '../../src/shared/prng';
import type { Benchmark, BenchContext } from './bench';

const OFFICES = 20;
const AGENTS_PER_OFFICE = 10;
const RUNS = 200;

/**
 * The board at 100k leads (issue 15): leads captured, assigned across 20 offices of 10 agents
 * and moved through the default pipeline by the product's own events, the lead_feed projection's
 * catch-up, then the board's one grouped count per viewer (an agent, a broker, staff) and its
 * first cards per column, each timed over many runs.
 */
export const boardBenchmark: Benchmark = {
  name: 'board',
  description: 'the board: counts per stage and the first cards of each column at 100k leads',
  async run(ctx) {
    if (!ctx.wants('board-counts-p95') && !ctx.wants('board-cards-p95')) return;
    const size = ctx.quick ? 20_000 : 100_000;
    const label = ctx.quick ? '20k' : '100k';
    const db = await ctx.createDatabase({ poolSize: 10 });
    const store = new PostgresEventStore(db.pool, { pollMs: 200, databaseUrl: db.url });
    try {
      const offices = await seed(ctx, store, size);
      const runner = new ProjectionRunner({
        pool: db.pool,
        databaseUrl: db.url,
        store,
        projections: [leadFeedProjection],
        batchSize: loadConfig({}).projections.batchSize,
      });
      runner.start();
      await runner.waitForCatchUp(3_600_000);
      await runner.stop();
      await db.pool.query('VACUUM ANALYZE lead_feed');
      const random = mulberry32(9);
      const viewers: [string, () => Viewer][] = [
        ['agent', () => ({ role: 'agent', userId: offices[Math.floor(random() * OFFICES)]!.agents[Math.floor(random() * AGENTS_PER_OFFICE)]! })],
        ['broker', () => ({ role: 'broker', userId: offices[Math.floor(random() * OFFICES)]!.officeId })],
        ['staff', () => ({ role: 'staff', userId: randomUUID() })],
      ];
      for (const [what, fn] of [
        ['counts', (v: Viewer) => boardCounts(db.pool, v, null)],
        ['cards', (v: Viewer) => boardCards(db.pool, v, null, DEFAULT_STAGES, 50)],
      ] as const) {
        const all: number[] = [];
        const details: string[] = [];
        for (const [who, viewer] of viewers) {
          const times: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            const v = viewer();
            const s = performance.now();
            await fn(v);
            times.push(performance.now() - s);
          }
          times.sort((a, b) => a - b);
          all.push(...times);
          details.push(`${who} p95 ${p(times, 0.95).toFixed(1)} ms`);
        }
        all.sort((a, b) => a - b);
        const key = what === 'counts' ? 'board-counts-p95' : 'board-cards-p95';
        const text = what === 'counts' ? `board counts per stage at ${label} leads, p95` : `board's first 50 cards of each of 8 columns at ${label} leads, p95`;
        ctx.record({
          key,
          label: text,
          value: round(p(all, 0.95)),
          unit: 'ms',
          ...(what === 'counts' ? { goal: 30 } : {}),
          lowerIsBetter: true,
          detail: `${viewers.length} viewers × ${RUNS} runs; ${details.join('; ')}`,
        });
      }
    } finally {
      await store.close();
      await db.close();
    }
  },
};

const p = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;

/** Leads captured, assigned round the offices' agents and (most of them) moved to a stage: what the board reads. */
async function seed(ctx: BenchContext, store: PostgresEventStore, size: number): Promise<{ officeId: string; agents: string[] }[]> {
  const random = mulberry32(42);
  const offices = Array.from({ length: OFFICES }, () => ({ officeId: randomUUID(), agents: Array.from({ length: AGENTS_PER_OFFICE }, () => randomUUID()) }));
  const siteId = randomUUID();
  const CHUNK = 250;
  for (let from = 0; from < size; from += CHUNK) {
    const appends = [];
    for (let i = from; i < Math.min(size, from + CHUNK); i++) {
      const leadId = randomUUID();
      const office = offices[i % OFFICES]!;
      const agentId = office.agents[Math.floor(random() * AGENTS_PER_OFFICE)]!;
      const meta = metadataOf(systemContext(new Date(Date.UTC(2025, 0, 1) + i * 60_000)));
      const stage = DEFAULT_STAGES[Math.floor(random() * DEFAULT_STAGES.length)]!;
      const events: LeadEvent[] = [
        {
          type: 'LeadCaptured',
          data: {
            leadId,
            userId: randomUUID(),
            siteId,
            fullName: `Bench Lead ${i}`,
            email: `lead${i}@bench.test`,
            phone: null,
            leadType: 'Buyer',
            source: 'direct',
            firstTouch: { src: null, referrer: null, at: meta.at },
            listingPdid: null,
          },
        },
        { type: 'LeadAssigned', data: { leadId, siteId, agentId, officeId: office.officeId, rule: 'round-robin', ruleVersion: 1 } },
        ...(stage === 'New' ? [] : [{ type: 'LeadStageChanged' as const, data: { leadId, siteId, stage, fromStage: 'New', byUserId: agentId } }]),
      ];
      appends.push({
        streamId: `lead-${leadId}`,
        expected: 'no_stream' as const,
        events: events.map((e) => ({ ...e, eventId: randomUUID(), metadata: meta })),
      });
    }
    await store.appendMany(appends);
    if ((from + CHUNK) % 20_000 === 0) ctx.progress(`board: ${(from + CHUNK).toLocaleString('en-US')} leads`);
  }
  return offices;
}
