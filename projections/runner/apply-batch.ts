import type pg from 'pg';
import type { StoredEvent } from '../../src/shared/event';
import type { Projection, Push } from './projection';

/** Applies one batch inside the caller's transaction and returns the pushes it produced. */
export async function applyBatch(
  tx: pg.ClientBase,
  projection: Projection,
  events: readonly StoredEvent[],
  table: (base: string) => string,
  replaying: boolean,
): Promise<Push[]> {
  const pushes: Push[] = [];
  if (events.length === 0) return pushes;
  const wanted = new Set(projection.eventTypes);
  const relevant = events.filter((e) => wanted.has(e.type));
  if (relevant.length === 0) return pushes;
  await projection.apply(relevant, {
    tx: tx as pg.PoolClient,
    table: (base) => {
      if (!projection.tables.includes(base)) throw new Error(`${projection.name} does not own table ${base}`);
      return table(base);
    },
    push: (p) => {
      if (!replaying) pushes.push(p);
    },
    replaying,
  });
  return pushes;
}
