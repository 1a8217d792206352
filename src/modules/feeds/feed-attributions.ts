import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { feedAttributions } from '../../../projections/feeds';
import { DB_POOL } from '../../runtime/tokens';
import { type FeedAttribution, MlsFeedAttributions } from '../listings';

/** What the listing pages say of each feed (listings' MlsFeedAttributions port): its disclaimer and its last successful sync. */
@Injectable()
export class FeedReadModelAttributions extends MlsFeedAttributions {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {
    super();
  }

  async of(mls: readonly string[]): Promise<ReadonlyMap<string, FeedAttribution>> {
    try {
      return await feedAttributions(this.pool, mls);
    } catch {
      // Before the feeds read model exists (the first moments of a fresh database): the defaults.
      return new Map();
    }
  }
}
