import type pg from 'pg';
import { compareCheckpoints, type EventStore } from '../../src/eventstore/event-store.port';

export type ProjectionStatus = {
  readonly name: string;
  readonly version: number;
  /** The global position of the last event the projection has passed. */
  readonly position: string;
  /** Committed events after the checkpoint (all types): how far behind the log it is. */
  readonly lag: number;
  readonly eventsApplied: number;
  readonly updatedAt: string;
};

/** Read from the checkpoint table, so it is true whichever process runs the projection. */
export async function projectionStatus(db: pg.Pool | pg.ClientBase): Promise<ProjectionStatus[]> {
  const { rows } = await db.query<{
    name: string;
    version: number;
    global_position: bigint;
    events_applied: bigint;
    updated_at: Date;
    lag: bigint;
  }>(
    `SELECT c.name, c.version, c.global_position, c.events_applied, c.updated_at,
            (SELECT count(*) FROM events e WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)) AS lag
     FROM projection_checkpoints c WHERE c.name NOT LIKE '%\\_\\_rebuild' ORDER BY c.name`,
  );
  return rows.map((r) => ({
    name: r.name,
    version: r.version,
    position: r.global_position.toString(),
    lag: Number(r.lag),
    eventsApplied: Number(r.events_applied),
    updatedAt: r.updated_at.toISOString(),
  }));
}

/**
 * Resolves once the named projection has passed every event committed before the call, whichever
 * process runs it (this one, or a server holding its lock): what a command-line tool waits for
 * before it reads a read model.
 */
export async function waitUntilCaughtUp(db: pg.Pool, store: Pick<EventStore, 'lastCommitted'>, name: string, timeoutMs: number): Promise<void> {
  const head = await store.lastCommitted();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db
      .query<{ transaction_id: string; global_position: string }>(
        'SELECT transaction_id::text, global_position::text FROM projection_checkpoints WHERE name = $1',
        [name],
      )
      .catch(() => ({ rows: [] as { transaction_id: string; global_position: string }[] }));
    const at = rows[0];
    if (at && compareCheckpoints({ transactionId: BigInt(at.transaction_id), globalPosition: BigInt(at.global_position) }, head) >= 0) return;
    if (Date.now() > deadline) throw new Error(`The ${name} read model did not catch up within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
