import type pg from 'pg';
import { logger } from '../../../src/shared/logger';
import { type Checkpoint, START } from '../../../src/eventstore/event-store.port';
import { upcastData } from '../../../src/eventstore/office-id-upcaster';
import type { ReplayContext } from '../../runner';
import type { SearchDoc } from '../search-document';
import { copyIn, copyValue, tsvectorLiteral } from './copy-in';
import { AggregateDeltas, contributionsOf } from './search-aggregates';
import { evolveDoc, type FoldedEvent, NAMES, noteUpdates, SEARCH_EVENT_TYPES, searchRowOf } from './search-rows';

const log = logger('projections');

/** Listings folded in memory at once: the log is read once per this many (a SearchDoc is about 1 kB). */
const LISTINGS_PER_PASS = 300_000;
/** Events per read of the log: big pages of the few columns the fold reads. */
const READ_LIMIT = 20_000;
/** Rows per COPY. */
const COPY_ROWS = 10_000;
const COPY_COLUMNS = [...NAMES.filter((n) => n !== 'words'), 'pt', 'u', 'words'];

/**
 * The search projection's rebuild (Projection.replay): the log folded in memory (the very fold
 * `apply` runs, evolveDoc), the rows COPYed into the fresh table with its indexes dropped, then
 * the indexes built once over the whole table; the cell and name counts summed in memory and
 * written once, the MLS update times per page. Rebuilding row by row paid every index's upkeep per event (17
 * of them: at 1M about 230 µs of CPU an event); a B-tree or GiST built over sorted input costs
 * a fraction of that. The runner swaps the tables in afterwards, the old ones serving meanwhile.
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
  await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  const rebuildIndexes = await dropIndexes(tx, listings);
  let covered = 0;
  const timing = new PhaseTimes();
  // Every listing's cell and name counts, written once at the end (a few thousand rows).
  const aggregates = new AggregateDeltas();
  const read = (after: Checkpoint, share: Share) => {
    const page = readLog(ctx.pool, after, upTo, share);
    // Read ahead: a fold that fails first leaves it unawaited, not unhandled.
    page.catch(() => undefined);
    return page;
  };
  for (let pass = 0; pass < passes; pass++) {
    const docs = new Map<string, SearchDoc | undefined>();
    const share = { of: passes, index: pass };
    let reading = read(START, share);
    for (let done = false; !done;) {
      const { events, last } = await reading;
      done = events.length < READ_LIMIT;
      // The next page is read while this one is folded.
      if (!done) reading = read(last, share);
      for (const e of events) {
        const pdid = (e.data as { pdid: string }).pdid;
        docs.set(pdid, evolveDoc(docs.get(pdid), e));
      }
      // Each pass reads its own share of the events.
      await noteUpdates(tx, table('search_mls_updates'), events);
      covered += events.length;
      ctx.onProgress(covered);
    }
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
      copying = copyIn(tx, listings, COPY_COLUMNS, lines);
      copying.catch(() => undefined);
    }
    await copying;
    timing.end('copy');
  }
  await aggregates.write(tx, table('search_cells'), table('search_terms'));
  timing.end('counts');
  await rebuildIndexes();
  timing.end('indexes');
  await tx.query(`ANALYZE ${listings}`);
  timing.end('analyze');
  log.info('search tables loaded in bulk', { events: covered, passes, ...timing.seconds() });
  return covered;
}

/** One of `of` shares of the listings, by a hash of the pdid: a log folded in several passes reads each share in one. */
type Share = { readonly of: number; readonly index: number };

/**
 * A page of the search events after `after`, through `upTo`, of one share of the listings: only
 * what the fold reads (the store's readAll brings every column, the metadata parsed whole, in
 * pages of a few thousand), and the other shares' events left in PostgreSQL, not parsed and
 * dropped here in every pass.
 */
async function readLog(pool: pg.Pool, after: Checkpoint, upTo: Checkpoint, share: Share): Promise<{ events: FoldedEvent[]; last: Checkpoint }> {
  const { rows } = await pool.query<{ x: string; g: string; type: string; data: unknown; at: string }>(
    `SELECT transaction_id::text AS x, global_position::text AS g, type, data, metadata->>'at' AS at FROM events
     WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND (transaction_id, global_position) <= ($3::xid8, $4::bigint)
       AND type = ANY($5::text[]) ${share.of > 1 ? `AND (hashtext(data->>'pdid')::bigint + 2147483648) % $7 = $8` : ''}
     ORDER BY transaction_id, global_position LIMIT $6`,
    [
      after.transactionId.toString(),
      after.globalPosition.toString(),
      upTo.transactionId.toString(),
      upTo.globalPosition.toString(),
      SEARCH_EVENT_TYPES,
      READ_LIMIT,
      ...(share.of > 1 ? [share.of, share.index] : []),
    ],
  );
  const end = rows.at(-1);
  return {
    events: rows.map((r) => ({ type: r.type, data: upcastData(r.type, r.data), metadata: { at: r.at } })),
    last: end ? { transactionId: BigInt(end.x), globalPosition: BigInt(end.g) } : after,
  };
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

/**
 * Drops the table's indexes and primary key, answering how to build them again with their own
 * definitions and names (so the rebuilt table is the one createTables made, indexes built last).
 */
async function dropIndexes(tx: pg.PoolClient, table: string): Promise<() => Promise<void>> {
  const { rows } = await tx.query<{ name: string; def: string; constraint_def: string | null }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def, pg_get_constraintdef(c.oid) AS constraint_def
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid
     WHERE x.indrelid = $1::regclass ORDER BY x.indisprimary DESC, i.relname`,
    [table],
  );
  for (const r of rows) {
    if (r.constraint_def) await tx.query(`ALTER TABLE ${table} DROP CONSTRAINT ${r.name}`);
    else await tx.query(`DROP INDEX ${r.name}`);
  }
  return async () => {
    for (const r of rows) {
      const t0 = performance.now();
      if (r.constraint_def) await tx.query(`ALTER TABLE ${table} ADD CONSTRAINT ${r.name} ${r.constraint_def}`);
      else await tx.query(r.def);
      log.debug('search index built', { index: r.name, seconds: Math.round(performance.now() - t0) / 1000 });
    }
  };
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
