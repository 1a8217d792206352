import { Module } from '@nestjs/common';
import type pg from 'pg';
import { PostgresSearchIndex } from '../../../projections/search/postgres/postgres-search-index';
import { SearchIndex } from '../../../projections/search/search-index.port';
import { DB_POOL } from '../../app/tokens';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { MlsDisclaimers } from './idx/mls-disclaimers';
import { ListingDetailsController } from './listing-details/listing-details.http';
import { ReportBrokenPhotoController } from './report-broken-photo/report-broken-photo.http';
import { SearchIndexVersion } from './search-listings/search-index-version';
import { SearchListingsController } from './search-listings/search-listings.http';

/** Listings and search: the search API, listing details, broken-photo reports and the demo photos. */
@Module({
  imports: [AccountsModule],
  controllers: [SearchListingsController, ListingDetailsController, ReportBrokenPhotoController],
  providers: [{ provide: SearchIndex, useFactory: (pool: pg.Pool) => new PostgresSearchIndex(pool), inject: [DB_POOL] }, RateLimiter, SearchIndexVersion, MlsDisclaimers],
  exports: [SearchIndex, MlsDisclaimers],
})
export class ListingsModule {}
