import { Module } from '@nestjs/common';
import type pg from 'pg';
import { PostgresSearchIndex } from '../../../projections/search';
import { SearchIndex } from '../../../projections/search';
import { CONFIG, DB_POOL, SEARCH_POOL } from '../../app/tokens';
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
    { provide: SearchIndex, useFactory: (pool: pg.Pool) => new PostgresSearchIndex(pool), inject: [DB_POOL] },
    {
      provide: OPEN_VISITOR_SEARCH,
      useFactory: (pool: pg.Pool): OpenVisitorSearch => () => {
        const connection = new OneConnection(pool);
        return { index: new PostgresSearchIndex(connection), close: () => connection.release() };
      },
      inject: [SEARCH_POOL],
    },
    { provide: SearchGate, useFactory: (config: Config) => new SearchGate({ perMinute: config.searchRatePerMinute, parallel: config.searchParallelPerAddress }), inject: [CONFIG] },
    RateLimiter,
    SearchIndexVersion,
    MlsDisclaimers,
  ],
  exports: [SearchIndex, MlsDisclaimers],
})
export class ListingsModule {}
