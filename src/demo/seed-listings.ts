import { metadataOf, systemContext } from '../commands/command-context';
import { beginStream, decideAndAppend } from '../commands/decide-and-append';
import type { EventStore } from '../eventstore/event-store.port';
import { type ImportCounts, type ImportItem, importListings } from '../modules/listings';
import { KING_COUNTY_CSV, SACRAMENTO_CSV } from './demo-files';
import { generatedListingItems, movedToLastFullMonth, readKingCountySales, readSacramentoListings, resoItems } from './listings';
import { newId } from '../shared/ids';
import { logger } from '../shared/logger';

const log = logger('demo');

const MARKER = 'demo-listings-seed';
/** The day the seed first ran: generated listings are drawn relative to it (contract dates, open houses). */
const DAY_MARKER = 'demo-listings-seed-day';
/** Generated Active listings on top of the two files: the demo has 32,582 listings in all. */
export const DEMO_GENERATED_LISTINGS = 10_000;
const GENERATOR_SEED = 7;

export type DemoListingSource = { readonly mls: string; readonly name: string; readonly items: () => Promise<AsyncIterable<ImportItem>> };

/**
 * The two files' records move forward by whole months to the month before the seed's day (see
 * movedToLastFullMonth), so market reports, estimates and nearby sales show recent months.
 */
export function demoListingSources(today: string, generated = DEMO_GENERATED_LISTINGS): DemoListingSource[] {
  return [
    {
      mls: 'NWMLS',
      name: 'King County sales (Closed)',
      items: async () => resoItems(movedToLastFullMonth(() => readKingCountySales(KING_COUNTY_CSV), today)),
    },
    {
      mls: 'METROLIST',
      name: 'Sacramento listings (Active)',
      items: async () => resoItems(movedToLastFullMonth(() => readSacramentoListings(SACRAMENTO_CSV), today)),
    },
    {
      mls: 'DEMO',
      name: 'generated listings (Active)',
      items: () => generatedListingItems({ count: generated, seed: GENERATOR_SEED, today, demoAgents: true }),
    },
  ];
}

/**
 * The demo listings of contract section 1, through the same import path as `npm run import`.
 * Runs on a first start (no listing in the store yet) and until its marker is written, so a
 * start killed half-way finishes the job; records already imported append nothing again.
 */
export async function seedDemoListings(store: EventStore, now = new Date()): Promise<ImportCounts | undefined> {
  if ((await store.streamRevision(MARKER)) !== undefined) return undefined;
  const started = (await store.readAll({ transactionId: 0n, globalPosition: 0n }, { types: ['ListingListed'], limit: 1 })).events[0];
  if (started && !started.streamId.startsWith('listing-NWMLS-')) return undefined;
  const ctx = systemContext(now);
  const total: ImportCounts = { imported: 0, changed: 0, unchanged: 0, rejected: 0 };
  const t0 = Date.now();
  for (const source of demoListingSources(await demoSeedDay(store, now, started?.metadata.at))) {
    let last = Date.now();
    const counts = await importListings(store, await source.items(), {
      mls: source.mls,
      ctx,
      onRejected: (r) => log.warn('demo record rejected', { source: source.name, record: r.record, message: r.message }),
      onProgress: (c) => {
        if (Date.now() - last < 2000) return;
        last = Date.now();
        log.info(`loading demo listings: ${source.name}`, { done: c.imported + c.changed + c.unchanged + c.rejected });
      },
    });
    for (const k of Object.keys(total) as (keyof ImportCounts)[]) total[k] += counts[k];
  }
  await beginStream(store, MARKER, [{ type: 'DemoListingsSeeded', data: { ...total }, eventId: newId(), metadata: metadataOf(ctx) }]);
  log.info('demo listings loaded', { ...total, seconds: Math.round((Date.now() - t0) / 100) / 10 });
  return total;
}

/**
 * The day the demo seed first ran, recorded then and read back by every later run: a start
 * killed half-way that finishes on a later day draws the same generated listings (their contract
 * dates and open houses are relative to the day), so what was imported appends nothing again. A
 * seed begun before this was recorded goes by its first listing's day.
 */
export async function demoSeedDay(store: EventStore, now: Date, firstListedAt?: string): Promise<string> {
  // Another instance that chose first is a lost race: the next try reads its day.
  const { result } = await decideAndAppend(store, async () => {
    const [chosen] = await store.readStream(DAY_MARKER);
    if (chosen) return { appends: [], result: (chosen.data as { today: string }).today };
    const today = (firstListedAt ?? now.toISOString()).slice(0, 10);
    const event = { type: 'DemoListingsSeedDayChosen', data: { today }, eventId: newId(), metadata: metadataOf(systemContext(now)) };
    return { appends: [{ streamId: DAY_MARKER, expected: 'no_stream' as const, events: [event] }], result: today };
  });
  return result;
}

/** First start: load the demo listings, then wait until search shows them all before serving. */
export async function loadDemoListings(store: EventStore, runner: { waitForCatchUp(timeoutMs?: number, name?: string): Promise<void> }): Promise<void> {
  const t0 = Date.now();
  const counts = await seedDemoListings(store);
  if (!counts) return;
  await runner.waitForCatchUp(300_000, 'search');
  log.info('demo listings searchable', { seconds: Math.round((Date.now() - t0) / 100) / 10 });
}
