import type pg from 'pg';
import type { Checkpoint } from '../../src/eventstore/event-store.port';

type Row = {
  transaction_id: bigint;
  global_position: bigint;
  version: number;
  events_applied: bigint;
  unsettled_transaction_id: bigint | null;
  unsettled_global_position: bigint | null;
};

/**
 * `unsettled`: from where the holder's pushes may not have left yet (migration 25); a holder
 * taking over tells the sockets to catch up from there. Undefined: they all have.
 */
export type StoredCheckpoint = { checkpoint: Checkpoint; version: number; eventsApplied: bigint; unsettled: Checkpoint | undefined };

const toStored = (r: Row): StoredCheckpoint => ({
  checkpoint: { transactionId: r.transaction_id, globalPosition: r.global_position },
  version: r.version,
  eventsApplied: r.events_applied,
  unsettled:
    r.unsettled_transaction_id === null || r.unsettled_global_position === null
      ? undefined
      : { transactionId: r.unsettled_transaction_id, globalPosition: r.unsettled_global_position },
});

export async function readCheckpoint(db: pg.ClientBase, name: string, forUpdate = false): Promise<StoredCheckpoint | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT transaction_id, global_position, version, events_applied, unsettled_transaction_id, unsettled_global_position FROM projection_checkpoints WHERE name = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [name],
  );
  return rows[0] ? toStored(rows[0]) : undefined;
}

export async function resetCheckpoint(db: pg.ClientBase, name: string, version: number): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET transaction_id = '0', global_position = 0, version = $2, events_applied = 0, unsettled_transaction_id = NULL, unsettled_global_position = NULL, updated_at = now()`,
    [name, version],
  );
}

/**
 * Compare-and-set: moves the checkpoint only if it still is where this runner read it. Zero
 * rows means another writer moved it; the caller's transaction must roll back. `unsettled`, when
 * given, is written too (null clears it; see StoredCheckpoint).
 */
export async function advanceCheckpoint(
  db: pg.ClientBase,
  name: string,
  from: Checkpoint,
  to: Checkpoint,
  applied: number,
  unsettled?: Checkpoint | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE projection_checkpoints
     SET transaction_id = $4, global_position = $5, events_applied = events_applied + $6, updated_at = now(),
         unsettled_transaction_id = CASE WHEN $7 THEN $8::xid8 ELSE unsettled_transaction_id END,
         unsettled_global_position = CASE WHEN $7 THEN $9::bigint ELSE unsettled_global_position END
     WHERE name = $1 AND transaction_id = $2 AND global_position = $3`,
    [
      name,
      from.transactionId.toString(),
      from.globalPosition.toString(),
      to.transactionId.toString(),
      to.globalPosition.toString(),
      applied,
      unsettled !== undefined,
      unsettled?.transactionId.toString() ?? null,
      unsettled?.globalPosition.toString() ?? null,
    ],
  );
  return rowCount === 1;
}

/** Marks a batch's start as a position whose pushes may not have left (see StoredCheckpoint). */
export async function markUnsettled(db: pg.ClientBase, name: string, from: Checkpoint): Promise<void> {
  await db.query('UPDATE projection_checkpoints SET unsettled_transaction_id = $2, unsettled_global_position = $3 WHERE name = $1', [
    name,
    from.transactionId.toString(),
    from.globalPosition.toString(),
  ]);
}

/**
 * A holder taking over found `from` unsettled: its pushes from there on may be lost, and
 * feed/since answers from there for `forMs` (an older position already on record and still
 * current stays).
 */
export async function markLost(db: pg.ClientBase, name: string, from: Checkpoint, forMs: number): Promise<void> {
  await db.query(
    `UPDATE projection_checkpoints SET
       (lost_transaction_id, lost_global_position) = (
         SELECT CASE WHEN lost_until > now() AND (lost_transaction_id, lost_global_position) < ($2::xid8, $3::bigint) THEN lost_transaction_id ELSE $2::xid8 END,
                CASE WHEN lost_until > now() AND (lost_transaction_id, lost_global_position) < ($2::xid8, $3::bigint) THEN lost_global_position ELSE $3::bigint END),
       lost_until = now() + make_interval(secs => $4::double precision / 1000)
     WHERE name = $1`,
    [name, from.transactionId.toString(), from.globalPosition.toString(), forMs],
  );
}
