import type pg from 'pg';

export type OutboxCount = { readonly outbox: string; readonly pending: number; readonly failed: number };

/**
 * Pending and failed messages of every outbox table (`*_outbox` with a `state` column: 'pending'
 * until sent, 'failed' once given up), found in the schema on each call so that an outbox added
 * by a migration is counted without a change here. The development capture tables (mail_outbox,
 * sms_outbox) have no state: they hold what was "sent" and are not counted.
 */
export async function outboxCounts(pool: pg.Pool): Promise<OutboxCount[]> {
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name LIKE '%\\_outbox' AND column_name = 'state'
     ORDER BY table_name`,
  );
  if (tables.length === 0) return [];
  const { rows } = await pool.query<{ outbox: string; pending: string; failed: string }>(
    tables
      .map(
        ({ table_name: t }) =>
          `SELECT ${literal(t.replace(/_outbox$/, ''))} AS outbox, count(*) FILTER (WHERE state = 'pending') AS pending, count(*) FILTER (WHERE state = 'failed') AS failed FROM ${ident(t)}`,
      )
      .join(' UNION ALL '),
  );
  return rows.map((r) => ({ outbox: r.outbox, pending: Number(r.pending), failed: Number(r.failed) }));
}

// Table names come from the catalogue, quoted all the same.
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
