import { createTestDatabase } from '../../../tests/support/test-database';
import { eventStoreConformance } from '../event-store.conformance';
import { PostgresEventStore } from './postgres-event-store';

eventStoreConformance('PostgreSQL', async () => {
  const db = await createTestDatabase({ poolSize: 24 });
  const store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await db.drop();
    },
  };
});
