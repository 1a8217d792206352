import type pg from 'pg';
import type { Checkpoint, StreamAppend } from '../event-store.port';

/**
 * Several callers' appends written by ONE autocommitted statement: one transaction, one WAL
 * flush, one round trip, no PL/pgSQL. Each append (a caller's appendMany: one or more streams)
 * keeps its own expected-revision check and is written only if all its checks pass and none of
 * its event ids is stored yet; the others in the statement are written regardless. Everything is
 * judged against the statement's one snapshot, and the unique keys stay the final arbiters: a
 * concurrent writer that got to a stream or an event id first makes the whole statement fail
 * (nothing of it is written), and the caller then runs each append alone.
 *
 * Streams are distinct across the appends of one group (the caller makes sure), so a stream's
 * revision read here is the one its append is checked against and written after.
 */
const GROUP_SQL = `
WITH s AS MATERIALIZED (
  SELECT t.stream, t.expected, t.unit, t.i,
         coalesce((SELECT max(e.stream_position) FROM events e WHERE e.stream_id = t.stream), -1) AS rev
  FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS t(stream, expected, unit, i)
),
ev AS MATERIALIZED (
  SELECT * FROM ROWS FROM (unnest($4::int[]), unnest($5::int[]), unnest($6::uuid[]), unnest($7::text[]),
    jsonb_array_elements($8::jsonb), jsonb_array_elements($9::jsonb)) WITH ORDINALITY AS t(si, ord, id, type, data, meta, n)
),
conflicted AS MATERIALIZED (
  SELECT DISTINCT unit FROM s
  WHERE (expected = 'no_stream' AND rev <> -1) OR (expected = 'stream_exists' AND rev = -1)
     OR (expected ~ '^\\d+$' AND rev <> expected::bigint)
),
stored AS MATERIALIZED (
  SELECT DISTINCT s.unit FROM ev JOIN s ON s.i = ev.si JOIN events e ON e.event_id = ev.id
),
ins AS (
  INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
  SELECT s.stream, s.rev + ev.ord, ev.id, ev.type, ev.data, ev.meta
  FROM ev JOIN s ON s.i = ev.si
  WHERE s.unit NOT IN (SELECT unit FROM conflicted UNION ALL SELECT unit FROM stored)
  ORDER BY ev.n
  RETURNING stream_id, global_position
),
last AS (SELECT stream_id, max(global_position) AS global_position FROM ins GROUP BY stream_id)
SELECT s.rev, s.unit IN (SELECT unit FROM conflicted) AS conflicted, s.unit IN (SELECT unit FROM stored) AS stored,
       last.global_position AS last_position, pg_current_xact_id() AS tx_id
FROM s LEFT JOIN last ON last.stream_id = s.stream ORDER BY s.i`;

/** One stream of one append, as the group statement answers it. */
export type GroupedStream = {
  /** The stream's revision before the statement (-1: no stream). */
  readonly rev: bigint;
  /** Some stream of this append failed its expected revision: nothing of it was written. */
  readonly conflicted: boolean;
  /** Some event of this append is stored already (a retry?): nothing of it was written. */
  readonly stored: boolean;
  readonly lastPosition: bigint | null;
};

export type GroupOutcome = { readonly streams: GroupedStream[][]; readonly transactionId: bigint };

/** Writes the appends in one statement; per append, per stream: its revision before and whether the append was held back. */
/**
 * Appends as the statements take them: per stream its id, expected revision and append (index
 * into `units`); per event the 1-based index of its stream, its ordinal within that stream's new
 * events, id and type; data and metadata as one JSON array each (PostgreSQL reads one document
 * of a thousand events several times faster than a jsonb[] literal: a batch import's main cost).
 */
export function packAppends(units: readonly (readonly StreamAppend[])[]) {
  const streams: string[] = [];
  const expected: string[] = [];
  const unitOf: number[] = [];
  const eventStream: number[] = [];
  const ordinal: number[] = [];
  const ids: string[] = [];
  const types: string[] = [];
  const data: string[] = [];
  const meta: string[] = [];
  // A batch's events share one metadata object (an import's thousand): written out once.
  let lastMeta: unknown;
  let lastMetaJson = '';
  units.forEach((unit, u) => {
    for (const a of unit) {
      streams.push(a.streamId);
      expected.push(typeof a.expected === 'bigint' ? a.expected.toString() : a.expected);
      unitOf.push(u);
      a.events.forEach((e, i) => {
        eventStream.push(streams.length);
        ordinal.push(i + 1);
        ids.push(e.eventId);
        types.push(e.type);
        data.push(JSON.stringify(e.data));
        if (e.metadata !== lastMeta) lastMetaJson = JSON.stringify((lastMeta = e.metadata));
        meta.push(lastMetaJson);
      });
    }
  });
  return { streams, expected, unitOf, eventStream, ordinal, ids, types, data: `[${data.join(',')}]`, meta: `[${meta.join(',')}]` };
}

/** Writes the appends in one statement; per append, per stream: its revision before and whether the append was held back. */
export async function appendGroup(pool: pg.Pool, units: readonly (readonly StreamAppend[])[]): Promise<GroupOutcome> {
  const { streams, expected, unitOf, eventStream, ordinal, ids, types, data, meta } = packAppends(units);
  // Named: parsed once per connection.
  const { rows } = await pool.query<{ rev: bigint; conflicted: boolean; stored: boolean; last_position: bigint | null; tx_id: bigint }>({
    name: 'porchlight_append_group',
    text: GROUP_SQL,
    values: [streams, expected, unitOf, eventStream, ordinal, ids, types, data, meta],
  });
  const out: GroupedStream[][] = units.map(() => []);
  rows.forEach((r, i) => out[unitOf[i]!]!.push({ rev: r.rev, conflicted: r.conflicted, stored: r.stored, lastPosition: r.last_position }));
  return { streams: out, transactionId: rows[0]!.tx_id };
}

export const positionIn = (outcome: GroupOutcome, unit: number): Checkpoint => {
  let last = -1n;
  for (const s of outcome.streams[unit]!) if (s.lastPosition !== null && s.lastPosition > last) last = s.lastPosition;
  return { transactionId: outcome.transactionId, globalPosition: last };
};
