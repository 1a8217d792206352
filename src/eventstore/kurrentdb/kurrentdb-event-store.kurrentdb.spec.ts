import { randomUUID } from 'node:crypto';
import { eventStoreConformance } from '../event-store.conformance';
import { KurrentDbEventStore } from './kurrentdb-event-store';

// Collected only when EVENTSTORE_URL points at a KurrentDB server (see vitest.config.mts):
// the same conformance suite as the PostgreSQL adapter.
const url = process.env.EVENTSTORE_URL!;

eventStoreConformance(
  `KurrentDB (${randomUUID().slice(0, 8)})`,
  async () => {
    const store = new KurrentDbEventStore(url, { pollMs: 50 });
    return { store, cleanup: () => store.close() };
  },
  { atomicAppendMany: true },
);
