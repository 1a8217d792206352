import { randomUUID } from 'node:crypto';
import { PostgresSearchIndex } from '../postgres/postgres-search-index';
import { searchProjection } from '../postgres/search-listings.projection';
import { searchIndexConformance } from '../search-index.conformance';
import { MeiliSearch } from './meili-client';
import { MeiliSearchIndex } from './meili-search-index';
import { meiliSearchProjection } from './meili-search.projection';

// Collected by `npm run test:int` only when MEILI_URL points at a Meilisearch server (see
// vitest.config.mts): the reference test the PostgreSQL adapter passes, against this adapter.
// Each run writes an index of its own, named at random, and drops it at the end.
const client = new MeiliSearch({ host: process.env.MEILI_URL!, apiKey: process.env.MEILI_KEY });
const indexUid = `porchlight_test_${randomUUID().slice(0, 8)}`;

searchIndexConformance(
  `Meilisearch (${indexUid})`,
  async ({ db }) => ({
    // The PostgreSQL search tables stay: autocomplete and MLS update times read them.
    projections: [searchProjection, meiliSearchProjection(client, indexUid)],
    index: await MeiliSearchIndex.connect(client, new PostgresSearchIndex(db.pool), { indexUid }),
  }),
  async () => {
    await client.waitForTask((await client.deleteIndex(indexUid)).taskUid);
  },
);
