import type pg from 'pg';
import { type Checkpoint, START } from '../../src/eventstore/event-store.port';
import { upcastData } from '../../src/eventstore/office-id-upcaster';
import type { ReplayContext } from './projection';

/**
 * An event as a bulk replay reads it: the columns a fold needs, without the rest of the metadata
 * (the store's readAll parses all of it, for every event of a million).
 */
export type LoggedEvent = {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: { readonly at: string };
  readonly eventId: string;
  readonly transactionId: bigint;
  readonly globalPosition: bigint;
};

/** Events per read of the log: big pages of the few columns a fold reads. */
const READ_LIMIT = 20_000;

/** One of `of` shares of the listings, by a hash of the pdid: a log folded in several passes reads each share in one. */
export type Share = { readonly of: number; readonly index: number };

/**
 * The parts of the events' data a fold reads, by event type, when it reads few of a big event's
 * (a listing's whole record, of which market reports read seven fields and the feeds' key lists
 * none): PostgreSQL sends only these, and Node parses only these. A key maps to `true` (its whole
 * value) or to the keys of its object to keep (a value that is no object is kept whole). A key an
 * event lacks stays absent and a null stays null, so the fold sees what it would of the whole
 * event. Keys as stored, before upcastData renames any. A type not named is read whole.
 */
export type DataShape = { readonly [type: string]: { readonly [key: string]: true | readonly string[] } };
const DATA_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The SQL of the data column a page reads: `data`, or per type of `shape` only the keys named. */
export function dataColumn(shape: DataShape | undefined): string {
  const types = Object.entries(shape ?? {});
  if (types.length === 0) return 'data';
  const key = (k: string) => {
    if (!DATA_KEY.test(k)) throw new Error(`Not a key of event data: ${k}`);
    return `'${k}'`;
  };
  const only = (of: string, keys: readonly (readonly [string, true | readonly string[]])[]): string => {
    const kept = (k: string, inner: true | readonly string[]) => {
      const value = `${of}->${key(k)}`;
      if (inner === true) return value;
      return `CASE WHEN jsonb_typeof(${value}) = 'object' THEN ${only(
        value,
        inner.map((i) => [i, true] as const),
      )} ELSE ${value} END`;
    };
    const all = `jsonb_build_object(${keys.map(([k, inner]) => `${key(k)}, ${kept(k, inner)}`).join(', ')})`;
    // An event that lacks a key: the object without it (`->` made it a null); mostly none is lacking, and nothing is rebuilt.
    const lacking = `array_remove(ARRAY[${keys.map(([k]) => `CASE WHEN ${of} ? ${key(k)} THEN NULL ELSE ${key(k)} END`).join(', ')}]::text[], NULL)`;
    return `CASE WHEN ${of} ?& ARRAY[${keys.map(([k]) => key(k)).join(', ')}] THEN ${all} ELSE ${all} - ${lacking} END`;
  };
  return `CASE type ${types.map(([type, keys]) => `WHEN ${key(type)} THEN ${only('data', Object.entries(keys))}`).join(' ')} ELSE data END`;
}

/**
 * Folds the log of `types` through the replay's `upTo` in memory, a share of the listings at a
 * time (by a hash of `data->>'pdid'`, in SQL, so each listing is folded from all its events in
 * order and the others stay in PostgreSQL), calling `endPass` after each share so that the
 * caller writes what it holds and lets go of it. One pass per `eventsPerPass` events of the
 * types. The next page is read on another connection while one is folded. Answers the events
 * folded (reported to `onProgress` as it goes).
 */
export async function foldLogInPasses(
  ctx: ReplayContext,
  types: readonly string[],
  eventsPerPass: number,
  fold: (e: LoggedEvent) => void,
  endPass: () => Promise<void>,
  shape?: DataShape,
): Promise<number> {
  const { rows } = await ctx.tx.query<{ n: string }>(
    `SELECT count(*) AS n FROM events WHERE type = ANY($1::text[]) AND (transaction_id, global_position) <= ($2::xid8, $3::bigint)`,
    [types, ctx.upTo.transactionId.toString(), ctx.upTo.globalPosition.toString()],
  );
  const passes = Math.max(1, Math.ceil(Number(rows[0]!.n) / eventsPerPass));
  let covered = 0;
  for (let pass = 0; pass < passes; pass++) {
    await foldShare(
      ctx.pool,
      types,
      ctx.upTo,
      { of: passes, index: pass },
      (events) => {
        for (const e of events) fold(e);
        covered += events.length;
        ctx.onProgress(covered);
      },
      shape,
    );
    await endPass();
  }
  return covered;
}

/** Reads one share of the log page by page, each page read while the one before is folded. */
export async function foldShare(
  pool: pg.Pool,
  types: readonly string[],
  upTo: Checkpoint,
  share: Share,
  fold: (events: readonly LoggedEvent[]) => void | Promise<void>,
  shape?: DataShape,
): Promise<number> {
  const read = (after: Checkpoint) => {
    const page = readLogPage(pool, types, after, upTo, share, shape);
    // Read ahead: a fold that fails first leaves it unawaited, not unhandled.
    page.catch(() => undefined);
    return page;
  };
  let covered = 0;
  let reading = read(START);
  for (let done = false; !done;) {
    const events = await reading;
    done = events.length < READ_LIMIT;
    const last = events.at(-1);
    if (!done && last) reading = read({ transactionId: last.transactionId, globalPosition: last.globalPosition });
    await fold(events);
    covered += events.length;
  }
  return covered;
}

/** A page of the events of `types` after `after`, through `upTo`, of one share of the listings. */
async function readLogPage(
  pool: pg.Pool,
  types: readonly string[],
  after: Checkpoint,
  upTo: Checkpoint,
  share: Share,
  shape: DataShape | undefined,
): Promise<LoggedEvent[]> {
  const data = dataColumn(shape);
  const { rows } = await pool.query<{ x: string; g: string; id: string; type: string; data: unknown; at: string }>(
    `SELECT transaction_id::text AS x, global_position::text AS g, event_id AS id, type, ${data} AS data, metadata->>'at' AS at FROM events
     WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND (transaction_id, global_position) <= ($3::xid8, $4::bigint)
       AND type = ANY($5::text[]) ${share.of > 1 ? `AND (hashtext(data->>'pdid')::bigint + 2147483648) % $7 = $8` : ''}
     ORDER BY transaction_id, global_position LIMIT $6`,
    [
      after.transactionId.toString(),
      after.globalPosition.toString(),
      upTo.transactionId.toString(),
      upTo.globalPosition.toString(),
      types,
      READ_LIMIT,
      ...(share.of > 1 ? [share.of, share.index] : []),
    ],
  );
  return rows.map((r) => ({
    type: r.type,
    data: upcastData(r.type, r.data),
    metadata: { at: r.at },
    eventId: r.id,
    transactionId: BigInt(r.x),
    globalPosition: BigInt(r.g),
  }));
}

/**
 * Drops the table's indexes and primary key, answering how to build them again with their own
 * definitions and names (so the loaded table is the one createTables made, its indexes built
 * once over sorted input instead of kept up row by row). Built on `tx`, or on several
 * connections at once (`on`, whose sessions must see the loaded rows: committed ones): the
 * constraints first on the first (adding a primary key locks out every other build), then each
 * connection takes the next index as it finishes one, the GiST and GIN ones first (the costliest:
 * they sort nothing or little, and no parallel worker helps a GiST build). PostgreSQL builds
 * indexes of one table from several sessions at once (CREATE INDEX takes a share lock).
 */
export async function dropIndexes(
  tx: pg.ClientBase,
  table: string,
  onBuilt?: (index: string, seconds: number) => void,
): Promise<(on?: readonly pg.ClientBase[]) => Promise<void>> {
  const { rows } = await tx.query<{ name: string; def: string; constraint_def: string | null; am: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def, pg_get_constraintdef(c.oid) AS constraint_def, a.amname AS am
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am a ON a.oid = i.relam
       LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid
     WHERE x.indrelid = $1::regclass ORDER BY x.indisprimary DESC, i.relname`,
    [table],
  );
  for (const r of rows) {
    if (r.constraint_def) await tx.query(`ALTER TABLE ${table} DROP CONSTRAINT ${r.name}`);
    else await tx.query(`DROP INDEX ${r.name}`);
  }
  const build = async (on: pg.ClientBase, r: (typeof rows)[number]) => {
    const t0 = performance.now();
    if (r.constraint_def) await on.query(`ALTER TABLE ${table} ADD CONSTRAINT ${r.name} ${r.constraint_def}`);
    else await on.query(r.def);
    onBuilt?.(r.name, Math.round(performance.now() - t0) / 1000);
  };
  return async (on = [tx]) => {
    for (const r of rows) if (r.constraint_def) await build(on[0]!, r);
    const costliestFirst = (am: string) => ['gist', 'gin'].indexOf(am) + 1 || 3;
    const queue = rows.filter((r) => !r.constraint_def).sort((a, b) => costliestFirst(a.am) - costliestFirst(b.am));
    const builders = on.map(async (c) => {
      try {
        for (let next = queue.shift(); next; next = queue.shift()) await build(c, next);
      } catch (err) {
        // The others stop after the build they are in.
        queue.length = 0;
        throw err;
      }
    });
    // Every build ended before an error is told: the caller then drops the table, which a build still running would hold up.
    const failed = (await Promise.allSettled(builders)).find((b) => b.status === 'rejected');
    if (failed) throw failed.reason;
  };
}
