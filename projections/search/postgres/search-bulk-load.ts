import pg from 'pg';
import { logger } from '../../../src/shared/logger';
import type { ReplayContext } from '../../runner';
import { dropIndexes, foldShare } from '../../runner/bulk-replay';
import type { SearchDoc } from '../search-document';
import { copyIn, copyValue, tsvectorLiteral } from '../../runner/copy-in';
import { AggregateDeltas, contributionsOf } from './search-aggregates';
import { addAdapterIndexes, adapterIndexesWanted } from './search-indexes';
import { evolveDoc, NAMES, noteUpdates, SEARCH_EVENT_TYPES, searchRowOf } from './search-rows';

const log = logger('projections');

/** Listings folded in memory at once: the log is read once per this many (a SearchDoc is about 1 kB). */
const LISTINGS_PER_PASS = 300_000;
/** Rows per COPY. */
const COPY_ROWS = 10_000;
/** Connections the listings' indexes are built on at once: one backend each, on the two cores a first start has. */
const INDEX_BUILDERS = 2;
const COPY_COLUMNS = [...NAMES.filter((n) => n !== 'words'), 'pt', 'u', 'words'];

/**
 * The search projection's rebuild (Projection.replay): the log folded in memory (the very fold
 * `apply` runs, evolveDoc), the rows COPYed into the fresh table with its indexes dropped, then
 * the indexes built once over the whole table; the cell and name counts summed in memory and
 * written once, the MLS update times per page. Rebuilding row by row paid every index's upkeep per event (17
 * of them: at 1M about 230 µs of CPU an event); a B-tree or GiST built over sorted input costs
 * a fraction of that. The runner swaps the tables in afterwards, the old ones serving meanwhile.
 *
 * The listings' table is loaded and indexed on two connections of its own, committing as it goes,
 * so that its indexes are built two at a time (one backend each) while `tx` writes the counts:
 * the fresh table is the rebuild's own, read by nothing before the swap and dropped with the
 * rebuild if it fails. The other tables are written in `tx`, with the checkpoint.
 *
 * Memory: at most LISTINGS_PER_PASS docs are held; a bigger log is read once per share of the
 * listings (by a hash of the pdid, in SQL), so each listing is still folded from all its events in order.
 */
export async function replaySearchListings(ctx: ReplayContext, listingsPerPass = LISTINGS_PER_PASS): Promise<number> {
  const { tx, table, upTo } = ctx;
  const listings = table('search_listings');
  const { rows } = await tx.query<{ n: string }>(
    `SELECT count(*) AS n FROM events WHERE type = 'ListingListed' AND (transaction_id, global_position) <= ($1::xid8, $2::bigint)`,
    [upTo.transactionId.toString(), upTo.globalPosition.toString()],
  );
  const passes = Math.max(1, Math.ceil(Number(rows[0]!.n) / listingsPerPass));
  const loaders: pg.Client[] = [];
  try {
    // Connections of the load's own, beside the pool: a small DB_POOL_SIZE (the rebuild's
    // transaction and the log's reads hold pool connections already) must not leave the load
    // waiting for one. Their sessions' setting goes with them when they are closed.
    for (let i = 0; i < INDEX_BUILDERS; i++) {
      const c = new pg.Client(ctx.pool.options);
      c.on('error', (err) => log.debug('search load connection lost', { message: err.message }));
      loaders.push(c);
      await c.connect();
      await c.query(`SET maintenance_work_mem = '256MB'`);
    }
    const loader = loaders[0]!;
    const rebuildIndexes = await dropIndexes(loader, listings, (index, seconds) => log.debug('search index built', { index, seconds }));
    let covered = 0;
    const timing = new PhaseTimes();
    // Every listing's cell and name counts, written once at the end (a few thousand rows).
    const aggregates = new AggregateDeltas();
    for (let pass = 0; pass < passes; pass++) {
      const docs = new Map<string, SearchDoc | undefined>();
      await foldShare(ctx.pool, SEARCH_EVENT_TYPES, upTo, { of: passes, index: pass }, async (events) => {
        for (const e of events) {
          const pdid = (e.data as { pdid: string }).pdid;
          docs.set(pdid, evolveDoc(docs.get(pdid), e));
        }
        // Each pass reads its own share of the events.
        await noteUpdates(tx, table('search_mls_updates'), events);
        covered += events.length;
        ctx.onProgress(covered);
      });
      timing.end('read and fold');
      const held = [...docs.values()].filter((d): d is SearchDoc => d !== undefined);
      docs.clear();
      // Each chunk's lines are made while PostgreSQL takes the previous one: the two cores work at once.
      let copying = Promise.resolve();
      for (let i = 0; i < held.length; i += COPY_ROWS) {
        const chunk = held.slice(i, i + COPY_ROWS);
        const lines = chunk.map(copyLine);
        for (const doc of chunk) for (const c of contributionsOf(doc)) aggregates.add(c, 1);
        await copying;
        copying = copyIn(loader, listings, COPY_COLUMNS, lines);
        copying.catch(() => undefined);
      }
      await copying;
      timing.end('copy');
    }
    const indexing = rebuildIndexes(loaders);
    indexing.catch(() => undefined);
    try {
      await aggregates.write(tx, table('search_cells'), table('search_terms'));
      timing.end('counts');
    } finally {
      // A failed write still waits for the builds: the rebuild then drops the table they hold.
      await indexing;
    }
    // An instance that asked for the PostgreSQL adapter's indexes while the table was loading (search-indexes.ts).
    if (await adapterIndexesWanted(loader)) await addAdapterIndexes(loader, listings, false);
    timing.end('indexes');
    await loader.query(`ANALYZE ${listings}`);
    timing.end('analyze');
    log.info('search tables loaded in bulk', { events: covered, passes, ...timing.seconds() });
    return covered;
  } finally {
    await Promise.all(loaders.map((c) => c.end().catch(() => undefined)));
  }
}

/** One row in COPY's text format, in COPY_COLUMNS' order (pt, u and words as writeDocs makes them in SQL). */
function copyLine(doc: SearchDoc): string {
  const row = searchRowOf(doc) as Record<string, unknown> & ReturnType<typeof searchRowOf>;
  const values = NAMES.filter((n) => n !== 'words').map((n) => copyValue(n === 'open_houses' ? JSON.stringify(row.open_houses) : row[n]));
  values.push(row.lat === null || row.lng === null ? '\\N' : copyValue(`(${row.lng},${row.lat})`));
  values.push(row.ux === null ? '\\N' : copyValue(`(${row.ux}, ${row.uy}, ${row.uz})`));
  values.push(copyValue(tsvectorLiteral(row.words)));
  return values.join('\t');
}

/** Seconds spent in each phase of the load, summed over passes: what an operator reads in the log of a slow first start. */
class PhaseTimes {
  private last = performance.now();
  private readonly spent = new Map<string, number>();
  end(phase: string): void {
    const now = performance.now();
    this.spent.set(phase, (this.spent.get(phase) ?? 0) + (now - this.last) / 1000);
    this.last = now;
  }
  seconds(): Record<string, number> {
    return Object.fromEntries([...this.spent].map(([k, v]) => [k.replace(/ /g, '_') + '_s', Math.round(v * 10) / 10]));
  }
}
