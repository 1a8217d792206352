import { type Checkpoint, compareCheckpoints, positionOf } from '../../src/eventstore/event-store.port';
import type { ReplayContext } from '../runner';
import { FACT_TYPES } from './lead-score';
import { rescore } from './rescore';
import { appendFactsSql, MERGE_EVENT_TYPES, SCORE_EVENT_TYPES } from './score-tables';

/** Events of the log per chunk: two for 5M events (each chunk is a few passes over its part of the log; fewer, bigger chunks read less). */
const CHUNK = 2_500_000;

const codeOf = `CASE e.type ${FACT_TYPES.map(([t], i) => `WHEN '${t}' THEN ${i}`).join(' ')} END`;
// The same text as encodeFact: JSON of the price of a view, the stage of a stage change, else null.
const extraOf = `CASE e.type WHEN 'ListingViewed' THEN coalesce(e.data->'price', 'null')::text WHEN 'LeadStageChanged' THEN coalesce(e.data->'stage', 'null')::text ELSE 'null' END`;

/**
 * A rebuild's replay of the lead scores when the log is in this database: instead of reading
 * every event into the process (about 10 µs of CPU each before any work), each chunk of the log
 * is folded by PostgreSQL into per-lead fact texts, owners and rules in four statements, and then
 * every lead is scored once, from its facts, in chunks of leads. Merges and erasures (rare, and
 * whose order against the facts matters) cut the chunks and go through `apply` one by one, so the
 * tables end exactly as batch-by-batch replay leaves them (tests/dashboard/lead-score-replay.int.spec.ts).
 * It reads the `events` table itself, which is safe for these fields only: lead, user and office
 * ids, prices, stages and times are never sealed (src/modules/privacy/personal-fields.ts).
 */
export async function replayLeadScores(ctx: ReplayContext): Promise<number> {
  const { tx, table: t, upTo, store } = ctx;
  // Enough memory to group a chunk's facts by lead without spilling to disk.
  await tx.query(`SET LOCAL work_mem = '256MB'`);
  const { rows: cuts } = await tx.query<{ transaction_id: bigint; global_position: bigint }>(
    `SELECT transaction_id, global_position FROM events WHERE type = ANY($1) AND (transaction_id, global_position) <= ($2::xid8, $3::bigint) ORDER BY transaction_id, global_position`,
    [MERGE_EVENT_TYPES, upTo.transactionId.toString(), upTo.globalPosition.toString()],
  );
  const stops: Checkpoint[] = [...cuts.map((c) => ({ transactionId: BigInt(c.transaction_id), globalPosition: BigInt(c.global_position) })), upTo];
  let from: Checkpoint = { transactionId: 0n, globalPosition: 0n };
  let applied = 0;
  for (const [i, stop] of stops.entries()) {
    const merge = i < cuts.length;
    // Fold everything before the merge (or up to the end), a chunk at a time.
    while (compareCheckpoints(from, stop) < 0) {
      const { rows: ends } = await tx.query<{ transaction_id: bigint; global_position: bigint }>(
        `SELECT transaction_id, global_position FROM events
          WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND (transaction_id, global_position) ${merge ? '<' : '<='} ($3::xid8, $4::bigint)
          ORDER BY transaction_id, global_position OFFSET ${CHUNK - 1} LIMIT 1`,
        [from.transactionId.toString(), from.globalPosition.toString(), stop.transactionId.toString(), stop.globalPosition.toString()],
      );
      const end = ends[0] ? { transactionId: BigInt(ends[0].transaction_id), globalPosition: BigInt(ends[0].global_position) } : null;
      applied += await foldChunk(ctx, from, end ?? stop, end !== null || !merge);
      ctx.onProgress(applied);
      if (!end) break;
      from = end;
    }
    if (!merge) break;
    const page = await store.readAll(
      { transactionId: stop.transactionId, globalPosition: stop.globalPosition - 1n },
      { types: [...MERGE_EVENT_TYPES], limit: 1 },
    );
    const e = page.events[0];
    if (!e || compareCheckpoints(positionOf(e), stop) !== 0) throw new Error('The lead-score replay lost its place at a merge');
    await ctx.apply([e]);
    applied += 1;
    from = stop;
  }
  await rescore({ tx, table: t }, 'all');
  return applied;
}

/**
 * Folds the log's events in (from, to] (or (from, to) when `inclusive` is false) into rules,
 * owners and facts, in two passes over that part of the log: the facts (nearly every event) are
 * grouped by lead straight from it; the rules, captures and assignments (a few percent) are
 * copied to a temporary table that the statements for rules and owners then read. Answers how
 * many events of the read model's types it covered.
 */
async function foldChunk({ tx, table: t }: ReplayContext, from: Checkpoint, to: Checkpoint, inclusive: boolean): Promise<number> {
  const range = `(e.transaction_id, e.global_position) > ($1::xid8, $2::bigint) AND (e.transaction_id, e.global_position) ${inclusive ? '<=' : '<'} ($3::xid8, $4::bigint)`;
  const bounds = [from.transactionId.toString(), from.globalPosition.toString(), to.transactionId.toString(), to.globalPosition.toString()];
  await tx.query('DROP TABLE IF EXISTS pg_temp.lead_score_owners');
  const { rowCount: owners } = await tx.query(
    `CREATE TEMP TABLE lead_score_owners AS
     SELECT e.transaction_id AS t, e.global_position AS g, e.type, e.data->>'leadId' AS lead,
            CASE e.type WHEN 'LeadCaptured' THEN e.data->>'userId' ELSE coalesce(e.data->>'officeId', e.data->>'brokerId') END AS owner,
            CASE e.type WHEN 'ScoringRulesChanged' THEN e.data END AS rules, e.metadata->>'at' AS at
       FROM events e WHERE ${range} AND e.type = ANY($5)`,
    [...bounds, SCORE_EVENT_TYPES.filter((type) => !FACT_TYPES.some(([f]) => f === type) && !(MERGE_EVENT_TYPES as readonly string[]).includes(type))],
  );
  await tx.query(
    `INSERT INTO ${t('lead_score_rules')} (scope, version, rules, by_user_id, changed_at)
     SELECT o.rules->>'scope', (o.rules->>'rulesVersion')::int, o.rules->'rules', (o.rules->>'byUserId')::uuid, o.at::timestamptz
       FROM lead_score_owners o WHERE o.type = 'ScoringRulesChanged' ORDER BY o.t, o.g
     ON CONFLICT DO NOTHING`,
  );
  // Who each lead is and its office: the last of the chunk wins, as in a batch.
  for (const [column, types] of [
    ['user_id', ['LeadCaptured']],
    ['office_id', ['LeadAssigned', 'LeadReassigned', 'LeadClaimed', 'LeadPutInPond']],
  ] as const) {
    await tx.query(
      `INSERT INTO ${t('lead_scores')} (lead_id, ${column})
       SELECT DISTINCT ON (o.lead) o.lead::uuid, o.owner::uuid FROM lead_score_owners o WHERE o.type = ANY($1) ORDER BY o.lead, o.t DESC, o.g DESC
       ON CONFLICT (lead_id) DO UPDATE SET ${column} = excluded.${column}`,
      [types],
    );
  }
  await tx.query('DROP TABLE pg_temp.lead_score_owners');
  // Grouped by the lead the event names (as text: one uuid cast per lead, not per event), then
  // sent to the survivor if that lead is merged. A chat counts only when the lead wrote it.
  const grouped = `
    SELECT coalesce(m.survivor_lead_id, x.lead::uuid) AS lead_id, m.merged_lead_id AS merged_from, x.facts, x.last_ms, x.events
      FROM (SELECT e.data->>'leadId' AS lead, count(*) AS events,
                   string_agg('[' || ms.ms || ',' || ${codeOf} || ',' || ${extraOf} || ',' || e.global_position || '],', '') FILTER (WHERE ok) AS facts,
                   max(ms.ms) FILTER (WHERE ok) AS last_ms
              FROM events e,
                   LATERAL (SELECT (date_part('epoch', (e.metadata->>'at')::timestamptz) * 1000)::bigint AS ms) ms,
                   LATERAL (SELECT e.type <> 'ChatMessageSent' OR EXISTS (SELECT 1 FROM ${t('lead_scores')} s WHERE s.lead_id = (e.data->>'leadId')::uuid AND s.user_id::text = e.data->>'fromUserId') AS ok) chat
             WHERE ${range} AND e.type = ANY($5)
             GROUP BY 1) x
      LEFT JOIN ${t('lead_score_merges')} m ON m.merged_lead_id = x.lead::uuid`;
  const { rows } = await tx.query<{ events: string }>(appendFactsSql(t, grouped), [...bounds, FACT_TYPES.map(([type]) => type)]);
  return (owners ?? 0) + rows.reduce((n, r) => n + Number(r.events), 0);
}
