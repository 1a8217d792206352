import { Module } from '@nestjs/common';
import type pg from 'pg';
import { MeiliSearch, MeiliSearchIndex, MemorySearchIndex, PostgresSearchIndex, SearchIndex, snapshotIdentity } from '../../../projections/search';
import type { Runtime } from '../../runtime/runtime';
import { CONFIG, DB_POOL, RUNTIME, SEARCH_POOL } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { OneConnection } from '../../database/one-connection';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { MlsDisclaimers } from './idx/mls-disclaimers';
import { ListingDetailsController } from './listing-details/listing-details.http';
import { ReportBrokenPhotoController } from './report-broken-photo/report-broken-photo.http';
import { SearchGate } from './search-listings/search-gate';
import { SearchIndexVersion } from './search-listings/search-index-version';
import { SearchListingsController } from './search-listings/search-listings.http';
import { OPEN_VISITOR_SEARCH, type OpenVisitorSearch } from './search-listings/visitor-search-index';

/** Listings and search: the search API, listing details, broken-photo reports and the demo photos. */
@Module({
  imports: [AccountsModule],
  controllers: [SearchListingsController, ListingDetailsController, ReportBrokenPhotoController],
  providers: [
    {
      provide: SearchIndex,
      // SEARCH_INDEX=meilisearch: Meilisearch answers searches; names and MLS times stay on PostgreSQL.
      // SEARCH_INDEX=memory (default): this instance's own index, caught up before the app listens.
      useFactory: (pool: pg.Pool, config: Config, runtime: Runtime): SearchIndex | Promise<SearchIndex> => {
        if (config.searchIndex === 'meilisearch' && config.meili) {
          return MeiliSearchIndex.connect(new MeiliSearch({ host: config.meili.url, apiKey: config.meili.key }), new PostgresSearchIndex(pool));
        }
        if (config.searchIndex === 'memory') {
          const snapshot = config.searchSnapshot && { ...config.searchSnapshot, identity: snapshotIdentity(runtime.db.url) };
          return MemorySearchIndex.open(runtime.store, new PostgresSearchIndex(pool), {
            batchSize: config.projections.batchSize,
            snapshot,
            scanBudgetMs: config.searchStatementTimeoutMs,
          });
        }
        return new PostgresSearchIndex(pool);
      },
      inject: [DB_POOL, CONFIG, RUNTIME],
    },
    {
      provide: OPEN_VISITOR_SEARCH,
      useFactory:
        (pool: pg.Pool, index: SearchIndex): OpenVisitorSearch =>
        () => {
          // Meilisearch is its own server: visitors' searches share the one adapter.
          if (index instanceof MeiliSearchIndex) return { index, close: () => undefined };
          const connection = new OneConnection(pool);
          const tables = new PostgresSearchIndex(connection);
          // In memory: matches, maps, cards, autocomplete and drawn polygons from this process; polygons of more than 200 points on the search pool's connection.
          return { index: index instanceof MemorySearchIndex ? index.over(tables) : tables, close: () => connection.release() };
        },
      inject: [SEARCH_POOL, SearchIndex],
    },
    {
      provide: SearchGate,
      useFactory: (config: Config) =>
        new SearchGate({ perMinute: config.searchRatePerMinute, parallel: config.searchParallelPerAddress, total: config.searchParallel }),
      inject: [CONFIG],
    },
    RateLimiter,
    SearchIndexVersion,
    MlsDisclaimers,
  ],
  exports: [SearchIndex, MlsDisclaimers],
})
export class ListingsModule {}
