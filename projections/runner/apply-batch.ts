import type pg from 'pg';
import type { StoredEvent } from '../../src/shared/event';
import type { BatchOutput, Projection, Push, Signal } from './projection';
import { QueuedWrites } from './queued-writes';

/** Applies one batch inside the caller's transaction and returns the pushes and signals it produced. */
export async function applyBatch(
  tx: pg.ClientBase,
  projection: Projection,
  events: readonly StoredEvent[],
  table: (base: string) => string,
  replaying: boolean,
): Promise<BatchOutput> {
  const pushes: Push[] = [];
  const signals: Signal[] = [];
  if (events.length === 0) return { pushes, signals };
  const wanted = new Set(projection.eventTypes);
  const relevant = events.filter((e) => wanted.has(e.type));
  if (relevant.length === 0) return { pushes, signals };
  const writes = new QueuedWrites(tx as pg.PoolClient);
  await projection.apply(relevant, {
    tx: writes.tx,
    write: writes.write,
    table: (base) => {
      if (!projection.tables.includes(base)) throw new Error(`${projection.name} does not own table ${base}`);
      return table(base);
    },
    push: (p) => {
      if (!replaying) pushes.push(p);
    },
    signal: (s) => {
      if (!replaying) signals.push(s);
    },
    replaying,
  });
  await writes.flush();
  return { pushes, signals };
}
