import type pg from 'pg';
import type { Checkpoint } from '../../src/eventstore/event-store.port';

type Row = { transaction_id: bigint; global_position: bigint; version: number; events_applied: bigint };

export type StoredCheckpoint = { checkpoint: Checkpoint; version: number; eventsApplied: bigint };

const toStored = (r: Row): StoredCheckpoint => ({
  checkpoint: { transactionId: r.transaction_id, globalPosition: r.global_position },
  version: r.version,
  eventsApplied: r.events_applied,
});

export async function readCheckpoint(db: pg.ClientBase, name: string, forUpdate = false): Promise<StoredCheckpoint | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT transaction_id, global_position, version, events_applied FROM projection_checkpoints WHERE name = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [name],
  );
  return rows[0] ? toStored(rows[0]) : undefined;
}

export async function resetCheckpoint(db: pg.ClientBase, name: string, version: number): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET transaction_id = '0', global_position = 0, version = $2, events_applied = 0, updated_at = now()`,
    [name, version],
  );
}

/**
 * Compare-and-set: moves the checkpoint only if it still is where this runner read it. Zero
 * rows means another writer moved it; the caller's transaction must roll back.
 */
export async function advanceCheckpoint(
  db: pg.ClientBase,
  name: string,
  from: Checkpoint,
  to: Checkpoint,
  applied: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE projection_checkpoints
     SET transaction_id = $4, global_position = $5, events_applied = events_applied + $6, updated_at = now()
     WHERE name = $1 AND transaction_id = $2 AND global_position = $3`,
    [name, from.transactionId.toString(), from.globalPosition.toString(), to.transactionId.toString(), to.globalPosition.toString(), applied],
  );
  return rowCount === 1;
}
