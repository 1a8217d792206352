import type pg from 'pg';
import { logger } from '../../shared/logger';
import { DataKeys } from './data-keys';
import { ProtectedEventStore } from './protected-event-store';
import type { PersonalFields } from './personal-fields';
import type { EventStore } from '../event-store.port';

const log = logger('personal-data');
/**
 * The passes, in order, each done once and recorded by its id: the first sealed the top-level
 * fields of every registered type; the second the values inside lists and objects (`nested`),
 * which the first left in the clear, for databases that already ran the first. A database that
 * runs both at once gets everything from the first and the second finds nothing left to do.
 */
const PASSES: readonly { readonly id: string; readonly types: (fields: PersonalFields) => string[] }[] = [
  { id: 'seal-personal-fields-v1', types: (fields) => [...fields.keys()] },
  { id: 'seal-nested-personal-fields-v1', types: (fields) => [...fields].filter(([, rule]) => rule.nested).map(([type]) => type) },
];
// Any fixed number: two instances starting at once rewrite once.
const REWRITE_LOCK = 7_407_020;

/**
 * The one-time re-encryption of events stored before personal fields were sealed (PostgreSQL log):
 * each such event's data is rewritten in place with its personal values sealed, nothing else
 * changed (id, type, time, metadata, order and revision stay), in one transaction, recorded in
 * personal_data_rewrites with how many events it touched. An upcaster would have kept the
 * plaintext in the table for ever, and nothing could then be forgotten.
 */
export async function sealExistingEvents(pool: pg.Pool, fields: PersonalFields): Promise<number | undefined> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [REWRITE_LOCK]);
    let total: number | undefined;
    for (const pass of PASSES) {
      const n = await runPass(client, pass.id, pass.types(fields), fields);
      if (n !== undefined) total = (total ?? 0) + n;
    }
    return total;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [REWRITE_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** One pass over the events of these types, in one transaction; undefined when it was done before. */
async function runPass(client: pg.PoolClient, id: string, types: string[], fields: PersonalFields): Promise<number | undefined> {
  const done = await client.query('SELECT 1 FROM personal_data_rewrites WHERE id = $1', [id]);
  if (done.rowCount) return undefined;
  try {
    await client.query('BEGIN');
    const sealer = new ProtectedEventStore(undefined as unknown as EventStore, new DataKeys(client), fields);
    let after = 0n;
    let rewritten = 0;
    for (;;) {
      const { rows } = await client.query<{ global_position: bigint; stream_id: string; type: string; data: unknown }>(
        `SELECT global_position, stream_id, type, data FROM events WHERE type = ANY($1::text[]) AND global_position > $2
         ORDER BY global_position LIMIT 2000`,
        [types, after.toString()],
      );
      if (rows.length === 0) break;
      after = rows.at(-1)!.global_position;
      const sealed = await sealer.sealData(rows);
      const changed = rows.map((r, i) => ({ position: r.global_position, data: sealed[i], was: r.data })).filter((c) => c.data !== c.was);
      if (changed.length > 0) {
        await client.query(
          `UPDATE events e SET data = c.data FROM unnest($1::bigint[], $2::jsonb[]) AS c(position, data) WHERE e.global_position = c.position`,
          [changed.map((c) => c.position.toString()), changed.map((c) => JSON.stringify(c.data))],
        );
        rewritten += changed.length;
      }
    }
    await client.query('INSERT INTO personal_data_rewrites (id, events_rewritten) VALUES ($1, $2)', [id, rewritten]);
    await client.query('COMMIT');
    if (rewritten > 0) log.info('sealed the personal fields of events stored before', { pass: id, events: rewritten });
    return rewritten;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
