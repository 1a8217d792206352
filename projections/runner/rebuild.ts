import type pg from 'pg';
import { compareCheckpoints, type Checkpoint, type EventStore, START } from '../../src/eventstore/event-store.port';
import { advanceCheckpoint, readCheckpoint, resetCheckpoint } from './checkpoints';
import { applyBatch } from './apply-batch';
import type { Projection } from './projection';
import { createFreshTables, dropTables, REBUILD_SUFFIX, rebuildTable, swapInRebuiltTables } from './tables';

export type RebuildProgress = {
  readonly name: string;
  readonly applied: number;
  readonly total: number;
  readonly eventsPerSecond: number;
  readonly secondsLeft: number | null;
  readonly phase: 'replaying' | 'swapping' | 'done' | 'cancelled' | 'failed';
};

export class RebuildInProgressError extends Error {
  constructor(name: string) {
    super(`A rebuild of ${name} is already running`);
    this.name = 'RebuildInProgressError';
  }
}

export class RebuildCancelledError extends Error {
  constructor(name: string) {
    super(`The rebuild of ${name} was cancelled; the live tables were left as they were`);
    this.name = 'RebuildCancelledError';
  }
}

export type RebuildOptions = {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly projection: Projection;
  readonly batchSize: number;
  readonly onProgress?: (p: RebuildProgress) => void;
  readonly signal?: AbortSignal;
};

/**
 * Replays the whole log into fresh copies of the projection's tables while the live ones keep
 * serving, then swaps them in. The swap holds the live checkpoint's row lock, so the live
 * runner pauses at its next batch, applies the last few events itself into the new tables, and
 * goes on from the rebuilt checkpoint. Nothing is applied twice and nothing is skipped.
 */
export async function rebuildProjection(opts: RebuildOptions): Promise<{ applied: number }> {
  const { pool, store, projection: p, batchSize, signal } = opts;
  const rbName = p.name + REBUILD_SUFFIX;
  const client = await pool.connect();
  const lockKey = `rebuild:${p.name}`;
  const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [lockKey]);
  if (!rows[0]?.ok) {
    client.release();
    throw new RebuildInProgressError(p.name);
  }
  const started = Date.now();
  let applied = 0;
  const { rows: totals } = await client.query<{ n: bigint }>('SELECT count(*) AS n FROM events WHERE type = ANY($1)', [p.eventTypes]);
  const total = Number(totals[0]?.n ?? 0n);
  const report = (phase: RebuildProgress['phase']) => {
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? applied / seconds : 0;
    opts.onProgress?.({
      name: p.name,
      applied,
      total: Math.max(total, applied),
      eventsPerSecond: Math.round(rate),
      secondsLeft: rate > 0 ? Math.max(0, (total - applied) / rate) : null,
      phase,
    });
  };

  try {
    await tx(client, async () => {
      await createFreshTables(client, p, rebuildTable);
      await resetCheckpoint(client, rbName, p.version);
    });
    report('replaying');

    let cp: Checkpoint = START;
    for (;;) {
      if (signal?.aborted) throw new RebuildCancelledError(p.name);
      const page = await store.readAll(cp, { types: p.eventTypes, limit: batchSize });
      if (compareCheckpoints(page.next, cp) > 0) {
        const from = cp;
        await tx(client, async () => {
          await applyBatch(client, p, page.events, rebuildTable, true);
          if (!(await advanceCheckpoint(client, rbName, from, page.next, page.events.length))) {
            throw new Error(`The rebuild checkpoint of ${p.name} moved under it`);
          }
        });
        cp = page.next;
        applied += page.events.length;
        report('replaying');
      }
      if (page.atEnd) break;
    }

    if (signal?.aborted) throw new RebuildCancelledError(p.name);
    report('swapping');
    await tx(client, async () => {
      const live = await readCheckpoint(client, p.name, true);
      // The live row may have been held for a while (the live runner mid-batch): a cancel asked
      // for meanwhile still wins, before anything is swapped.
      if (signal?.aborted) throw new RebuildCancelledError(p.name);
      // Whatever arrived since the replay's last page is applied here, under the live row lock.
      for (;;) {
        const page = await store.readAll(cp, { types: p.eventTypes, limit: batchSize });
        await applyBatch(client, p, page.events, rebuildTable, true);
        applied += page.events.length;
        if (compareCheckpoints(page.next, cp) > 0) cp = page.next;
        if (page.atEnd) break;
      }
      await swapInRebuiltTables(client, p);
      if (!live) await resetCheckpoint(client, p.name, p.version);
      await client.query(
        `UPDATE projection_checkpoints SET transaction_id = $2, global_position = $3, version = $4,
           events_applied = $5, updated_at = now() WHERE name = $1`,
        [p.name, cp.transactionId.toString(), cp.globalPosition.toString(), p.version, applied],
      );
      await client.query('DELETE FROM projection_checkpoints WHERE name = $1', [rbName]);
    });
    report('done');
    return { applied };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    await tx(client, async () => {
      await dropTables(client, p, rebuildTable);
      await client.query('DELETE FROM projection_checkpoints WHERE name = $1', [rbName]);
    }).catch(() => undefined);
    report(err instanceof RebuildCancelledError ? 'cancelled' : 'failed');
    throw err;
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    client.release();
  }
}

async function tx(client: pg.ClientBase, fn: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await fn();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
