import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config/config';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import type { NewEvent } from '../../src/shared/event';
import { type Benchmark, type BenchContext, cpuPer, inParallel } from './bench';

/** A command-sized event: a few ids, numbers and words, about 0.5 kB with its metadata. */
export function sampleEvent(i: number): NewEvent {
  return {
    type: 'ListingInquirySubmitted',
    eventId: randomUUID(),
    data: {
      inquiryId: randomUUID(),
      listingId: randomUUID(),
      leadId: randomUUID(),
      message: 'I would like to see this home on Saturday morning, is that possible?',
      price: 450_000 + (i % 1000),
      beds: 3,
      baths: 2.5,
      wantsTour: i % 2 === 0,
    },
    metadata: {
      siteId: '6c1b3a8e-0f47-4d4e-9a55-2f1f1b8a9c01',
      actorId: randomUUID(),
      impersonatorId: null,
      correlationId: randomUUID(),
      causationId: null,
      at: new Date().toISOString(),
    },
  };
}

type Case = { key: string; writers: number; perAppend: number; goal?: number };

const CASES: readonly Case[] = [
  { key: 'append-1-single', writers: 1, perAppend: 1 },
  { key: 'append-32-single', writers: 32, perAppend: 1, goal: 6_000 },
  { key: 'append-1-batch100', writers: 1, perAppend: 100 },
  { key: 'append-32-batch100', writers: 32, perAppend: 100, goal: 20_000 },
];

/**
 * Appends through the PostgreSQL adapter as commands do: each writer keeps to streams of its
 * own and appends with the exact revision it last saw (validation, group commit and its one
 * statement, the post-commit notification: the whole path). The pool is the product's default
 * size. 32 single-event writers are the group-commit case: the goal (6,000/s) is about what 32
 * writers can reach when each waits for its own fsync in a group with the others.
 */
export const eventStoreBenchmark: Benchmark = {
  name: 'event-store',
  description: 'append rate, 1 and 32 concurrent writers, 1 and 100 events per append',
  async run(ctx: BenchContext) {
    const poolSize = loadConfig({}).dbPoolSize;
    const seconds = ctx.quick ? 2 : 8;
    for (const c of CASES) {
      if (!ctx.wants(c.key)) continue;
      ctx.progress(`${c.key}: ${c.writers} writer(s), ${c.perAppend} event(s) per append, ${seconds} s`);
      const db = await ctx.createDatabase({ poolSize });
      const store = new PostgresEventStore(db.pool, { pollMs: 500, databaseUrl: db.url });
      try {
        // Warm the pool and the caches; not counted.
        await appendFor(store, c, 0.5);
        let counts = { events: 0, appends: 0 };
        const m = await ctx.measure(async () => {
          counts = await appendFor(store, c, seconds);
        });
        ctx.record({
          key: c.key,
          label: `append, ${c.writers} writer${c.writers > 1 ? 's' : ''}, ${c.perAppend === 1 ? '1 event' : `${c.perAppend} events`}/append`,
          value: counts.events / m.seconds,
          unit: 'events/s',
          goal: c.goal,
          detail: `${counts.appends} appends in ${m.seconds.toFixed(1)} s, pool ${poolSize}; ${cpuPer(m, counts.events, 'event')}`,
        });
      } finally {
        await store.close();
        await db.close();
      }
    }
  },
};

async function appendFor(store: PostgresEventStore, c: Case, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  let events = 0;
  let appends = 0;
  const run = randomUUID().slice(0, 8);
  await inParallel(c.writers, async (w) => {
    const streams = Array.from({ length: 8 }, (_, i) => ({ id: `bench-${run}-${w}-${i}`, revision: undefined as bigint | undefined }));
    for (let i = 0; Date.now() < deadline; i++) {
      const s = streams[i % streams.length]!;
      const batch = Array.from({ length: c.perAppend }, (_, k) => sampleEvent(i * c.perAppend + k));
      const r = await store.append(s.id, s.revision ?? 'no_stream', batch);
      s.revision = r.nextRevision;
      events += batch.length;
      appends++;
    }
  });
  return { events, appends };
}
