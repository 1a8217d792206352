import type pg from 'pg';
import type { Checkpoint } from '../../src/eventstore/event-store.port';

/**
 * The event types the log holds through `head`, its last event of a finished transaction: no
 * event at or before `head` can appear later (transactions still open have higher ids, and a
 * checkpoint orders by transaction id first), so a read model none of whose types are among
 * `types` has nothing to apply up to `head`.
 */
export type LogTypes = { readonly types: ReadonlySet<string>; readonly head: Checkpoint };

/**
 * Read once for every read model starting from zero: the log has no index by type, so each of
 * them reading it for its own types walked all of it (about forty walks of a million imported
 * listings' events, for read models that read none of them). Undefined when the log is empty.
 */
export async function typesInLog(pool: pg.Pool): Promise<LogTypes | undefined> {
  const { rows } = await pool.query<{ types: string[]; transaction_id: bigint; global_position: bigint }>(
    `WITH h AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
     SELECT ARRAY(SELECT DISTINCT type FROM events WHERE transaction_id < (SELECT xmin FROM h)) AS types, e.transaction_id, e.global_position
     FROM (SELECT transaction_id, global_position FROM events WHERE transaction_id < (SELECT xmin FROM h)
           ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e`,
  );
  const row = rows[0];
  return row && { types: new Set(row.types), head: { transactionId: row.transaction_id, globalPosition: row.global_position } };
}
