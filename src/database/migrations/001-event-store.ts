import type { Migration } from './migration';

/**
 * The event log. Global order is (transaction_id, global_position): identity values are handed
 * out before commit, so a reader that only looks below pg_snapshot_xmin never skips an event
 * whose transaction began earlier and committed later.
 *
 * append_events() does a whole append (several streams at once, each with its expected
 * revision) in one round trip; the unique keys are the final arbiters of concurrent appends.
 */
export const eventStore: Migration = {
  id: 1,
  name: 'event-store',
  up: String.raw`
CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_position bigint NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_stream_key PRIMARY KEY (stream_id, stream_position),
  CONSTRAINT events_event_id_key UNIQUE (event_id)
);
CREATE UNIQUE INDEX events_global_order ON events (transaction_id, global_position);
CREATE INDEX events_global_position ON events (global_position);
CREATE INDEX events_actor ON events ((metadata->>'actorId'), global_position) WHERE metadata->>'actorId' IS NOT NULL;

CREATE FUNCTION append_events(
  p_streams text[],          -- distinct streams of this append
  p_expected text[],         -- per stream: 'no_stream' | 'stream_exists' | 'any' | a revision
  p_event_stream int[],      -- per event: 1-based index into p_streams
  p_event_ordinal int[],     -- per event: 1-based position within its stream's new events
  p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[]
) RETURNS TABLE (revisions bigint[], last_global_position bigint, tx_id xid8, duplicate boolean)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_found int;
  v_revs bigint[];
  v_last bigint;
  v_bad text;
BEGIN
  -- A retried append whose events are all stored exactly where this append would put them
  -- succeeds without writing; any other overlap is an error.
  SELECT count(*) INTO v_found FROM events WHERE event_id = ANY(p_ids);
  IF v_found > 0 THEN
    SELECT string_agg(t.id::text, ',') INTO v_bad
    FROM unnest(p_ids, p_event_stream, p_event_ordinal) AS t(id, si, ord)
    LEFT JOIN events e ON e.event_id = t.id
    LEFT JOIN LATERAL (
      SELECT min(e2.stream_position) AS first_pos FROM events e2
      WHERE e2.event_id = ANY(p_ids) AND e2.stream_id = p_streams[t.si]
    ) f ON true
    WHERE e.event_id IS NULL OR e.stream_id <> p_streams[t.si] OR e.stream_position <> f.first_pos + t.ord - 1;
    IF v_bad IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'PLI01',
        MESSAGE = 'event ids already stored at another place: ' || left(v_bad, 200);
    END IF;
    SELECT array_agg(f.first_pos - 1 ORDER BY s.i) INTO v_revs
    FROM unnest(p_streams) WITH ORDINALITY AS s(id, i)
    JOIN LATERAL (SELECT min(stream_position) AS first_pos FROM events WHERE event_id = ANY(p_ids) AND stream_id = s.id) f ON true;
    RETURN QUERY SELECT v_revs, (SELECT max(global_position) FROM events WHERE event_id = ANY(p_ids)),
      (SELECT transaction_id FROM events WHERE event_id = p_ids[1]), true;
    RETURN;
  END IF;

  SELECT array_agg(coalesce(m.rev, -1) ORDER BY s.i) INTO v_revs
  FROM unnest(p_streams) WITH ORDINALITY AS s(id, i)
  LEFT JOIN LATERAL (SELECT max(stream_position) AS rev FROM events WHERE stream_id = s.id) m ON true;

  FOR i IN 1 .. cardinality(p_streams) LOOP
    IF (p_expected[i] = 'no_stream' AND v_revs[i] <> -1)
       OR (p_expected[i] = 'stream_exists' AND v_revs[i] = -1)
       OR (p_expected[i] ~ '^\d+$' AND v_revs[i] <> p_expected[i]::bigint) THEN
      RAISE EXCEPTION USING ERRCODE = 'PLC01',
        MESSAGE = json_build_object('stream', p_streams[i], 'expected', p_expected[i],
          'actual', CASE WHEN v_revs[i] = -1 THEN 'no_stream' ELSE v_revs[i]::text END)::text;
    END IF;
  END LOOP;

  WITH ins AS (
    INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
    SELECT p_streams[t.si], v_revs[t.si] + t.ord, t.id, t.type, t.data, t.meta
    FROM unnest(p_event_stream, p_event_ordinal, p_ids, p_types, p_data, p_meta) WITH ORDINALITY
      AS t(si, ord, id, type, data, meta, n)
    ORDER BY t.n
    RETURNING global_position
  )
  SELECT max(global_position) INTO v_last FROM ins;

  RETURN QUERY SELECT v_revs, v_last, pg_current_xact_id(), false;
END
$fn$;
`,
};
