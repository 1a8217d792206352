import type pg from 'pg';
import { compareCheckpoints, type Checkpoint, type EventStore, positionOf, START } from '../../src/eventstore/event-store.port';
import type { StoredEvent } from '../../src/shared/event';
import { advanceCheckpoint, readCheckpoint, resetCheckpoint } from './checkpoints';
import { applyBatch } from './apply-batch';
import { QueuedWrites } from './queued-writes';
import type { Projection, ProjectionContext } from './projection';
import { createFreshTables, dropTables, REBUILD_SUFFIX, rebuildTable, swapInRebuiltTables } from './tables';

export type { RebuildProgress } from '../../src/contract/backoffice';
import type { RebuildProgress } from '../../src/contract/backoffice';

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
 * runner pauses at its next batch; the swap applies the last few events itself into the new
 * tables, and the live runner goes on from the rebuilt checkpoint. Nothing is applied twice and
 * nothing is skipped, and every event's side effects happen once: replayed events (up to the
 * live checkpoint) apply with `replaying`, the tail past it as new.
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
      // The count at the start is an estimate (events hidden by open transactions then, or
      // covered by a set-based replay's own count); once done, what was applied is the total.
      total: phase === 'done' ? applied : Math.max(total, applied),
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

    // The replay never passes the live checkpoint: the live runner already did the side effects
    // (alert queues, outboxes) of what lies before it, and what lies after it is left to the
    // swap below, which applies it as new.
    let cp: Checkpoint = START;
    if (p.replay && store.logInPostgres)
      cp = await replayInSql(client, opts, rbName, (n) => {
        applied = n;
        report('replaying');
      });
    for (;;) {
      if (signal?.aborted) throw new RebuildCancelledError(p.name);
      const live = (await readCheckpoint(client, p.name))?.checkpoint;
      const page = await store.readAll(cp, { types: p.eventTypes, limit: batchSize });
      const seen = live ? page.events.filter((e) => compareCheckpoints(positionOf(e), live) <= 0) : page.events;
      const all = seen.length === page.events.length;
      const next = all ? page.next : seen.length > 0 ? positionOf(seen[seen.length - 1]!) : cp;
      if (compareCheckpoints(next, cp) > 0) {
        const from = cp;
        await tx(client, async () => {
          await applyBatch(client, p, seen, rebuildTable, true);
          if (!(await advanceCheckpoint(client, rbName, from, next, seen.length))) {
            throw new Error(`The rebuild checkpoint of ${p.name} moved under it`);
          }
        });
        cp = next;
        applied += seen.length;
        report('replaying');
      }
      if (page.atEnd || !all) break;
    }

    if (signal?.aborted) throw new RebuildCancelledError(p.name);
    report('swapping');
    await tx(client, async () => {
      const live = await readCheckpoint(client, p.name, true);
      // The live row may have been held for a while (the live runner mid-batch): a cancel asked
      // for meanwhile still wins, before anything is swapped.
      if (signal?.aborted) throw new RebuildCancelledError(p.name);
      // Whatever arrived since the replay's last page is applied here, under the live row lock.
      // Events the live runner has applied were replayed; later ones are new to every side effect.
      for (;;) {
        const page = await store.readAll(cp, { types: p.eventTypes, limit: batchSize });
        const seen = (e: StoredEvent) => live !== undefined && compareCheckpoints(positionOf(e), live.checkpoint) <= 0;
        await applyBatch(client, p, page.events.filter(seen), rebuildTable, true);
        await applyBatch(
          client,
          p,
          page.events.filter((e) => !seen(e)),
          rebuildTable,
          false,
        );
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

/**
 * The projection's own set-based replay (Projection.replay) up to the live checkpoint (or the
 * log's head when there is no live copy yet), in one transaction with the rebuild checkpoint;
 * the batch loop then goes on from there as usual. Answers where it stopped.
 */
async function replayInSql(client: pg.PoolClient, opts: RebuildOptions, rbName: string, progress: (applied: number) => void): Promise<Checkpoint> {
  const { projection: p, store } = opts;
  const upTo = (await readCheckpoint(client, p.name))?.checkpoint ?? (await store.head());
  if (compareCheckpoints(upTo, START) <= 0) return START;
  await tx(client, async () => {
    const writes = new QueuedWrites(client);
    const ctx: ProjectionContext = { tx: writes.tx, write: writes.write, table: rebuildTable, push: () => undefined, signal: () => undefined, replaying: true };
    const applied = await p.replay!({ ...ctx, store, pool: opts.pool, upTo, apply: (events) => p.apply(events, ctx), onProgress: progress });
    await writes.flush();
    if (!(await advanceCheckpoint(client, rbName, START, upTo, applied))) throw new Error(`The rebuild checkpoint of ${p.name} moved under it`);
    progress(applied);
  });
  return upTo;
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
