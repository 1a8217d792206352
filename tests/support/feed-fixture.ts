import { systemContext } from '../../src/commands/command-context';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { configureFeed, type FeedInput, type FeedRunDeps, FeedSecrets, type FeedSyncEvent, feedSyncStream } from '../../src/modules/feeds';
import { listingStream } from '../../src/modules/listings';
import { Outbound } from '../../src/shared/net/outbound';
import { createTestDatabase, type TestDatabase } from './test-database';
import { ResoServer, type ResoServerOptions } from './reso-server';

/** A test server secret; the CLI is given the same through SECRET_KEY. */
export const TEST_SECRET = 'a test server secret, thirty-two characters or more';

/** As the product is configured in development and test: local stand-ins may be reached, and what they answer shown. */
export const TEST_OUTBOUND = new Outbound({ allowPrivate: true, showPrivateAnswers: true });

/** A RESO Property record the importer takes, at a given ModificationTimestamp. */
export const property = (key: string, ts: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ListingKey: key,
  ListingId: `ML${key}`,
  StandardStatus: 'Active',
  ListPrice: 300_000,
  Latitude: 41.88,
  Longitude: -87.63,
  City: 'Chicago',
  StateOrProvince: 'IL',
  PostalCode: '60601',
  ModificationTimestamp: ts,
  ...extra,
});

/** `n` records one second apart from 2024-01-01T00:00:00Z (keys K00001...). */
export const properties = (n: number, from = 0): Record<string, unknown>[] =>
  Array.from({ length: n }, (_, i) => property(`K${String(from + i + 1).padStart(5, '0')}`, new Date(Date.UTC(2024, 0, 1) + (from + i) * 1000).toISOString()));

export type FeedFixture = {
  readonly db: TestDatabase;
  readonly store: PostgresEventStore;
  readonly secrets: FeedSecrets;
  readonly deps: FeedRunDeps;
  /** A stand-in server with one OAuth2 client (id `porchlight`, secret `s3cret`). */
  server(options?: Partial<ResoServerOptions>): Promise<ResoServer>;
  /** Configures feed NAME against a stand-in with its OAuth2 client. */
  addFeed(name: string, server: ResoServer, input?: Omit<FeedInput, 'name'>): Promise<void>;
  /** Event types of a listing's stream. */
  types(pdid: string): Promise<string[]>;
  syncEvents(name: string): Promise<FeedSyncEvent[]>;
  close(): Promise<void>;
};

export async function feedFixture(): Promise<FeedFixture> {
  const db = await createTestDatabase();
  const store = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
  const secrets = new FeedSecrets(Buffer.from(TEST_SECRET, 'utf8'));
  const servers: ResoServer[] = [];
  return {
    db,
    store,
    secrets,
    deps: { store, pool: db.pool, databaseUrl: db.url, secrets, client: { backoffMs: 20, attempts: 4, timeoutMs: 10_000 }, outbound: TEST_OUTBOUND },
    async server(options = {}) {
      const s = await new ResoServer({ clients: [{ id: 'porchlight', secret: 's3cret' }], ...options }).start();
      servers.push(s);
      return s;
    },
    async addFeed(name, server, input = {}) {
      await configureFeed(
        store,
        secrets,
        { name, url: server.url, auth: { kind: 'oauth2', tokenUrl: server.tokenUrl, clientId: 'porchlight', clientSecret: 's3cret' }, ...input },
        systemContext(),
        TEST_OUTBOUND,
      );
    },
    async types(pdid) {
      return (await store.readStream(listingStream(pdid))).map((e) => e.type);
    },
    async syncEvents(name) {
      return (await store.readStream(feedSyncStream(name))) as unknown as FeedSyncEvent[];
    },
    async close() {
      await Promise.all(servers.map((s) => s.stop()));
      await store.close();
      await db.drop();
    },
  };
}
