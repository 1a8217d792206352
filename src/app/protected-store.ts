import type pg from 'pg';
import type { EventStore } from '../eventstore/event-store.port';
import { DataKeys } from '../eventstore/personal-data/data-keys';
import { ProtectedEventStore } from '../eventstore/personal-data/protected-event-store';
import { sealExistingEvents } from '../eventstore/personal-data/reencrypt-existing';
import { personalFields } from '../modules/privacy/personal-fields';

/**
 * The log as everything above it sees it: personal fields sealed under per-person keys (issue 18),
 * whichever adapter holds it. Events a PostgreSQL log held from before are sealed once, here; a
 * KurrentDB log cannot be rewritten (see the README's Privacy section).
 */
export async function protectedStore(log: EventStore, pool: pg.Pool, opts: { postgresLog: boolean }): Promise<EventStore> {
  if (opts.postgresLog) await sealExistingEvents(pool, personalFields);
  return new ProtectedEventStore(log, new DataKeys(pool), personalFields);
}
