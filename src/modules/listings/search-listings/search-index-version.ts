import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';

/** How often the search projection's checkpoint is read: the longest a cached answer outlives a change. */
export const VERSION_POLL_MS = 250;

/**
 * Where the search read model is: the search projection's checkpoint (position and version),
 * read every VERSION_POLL_MS from any instance (the projection may run in another). While it
 * stands still, a cached search answer is still the answer; undefined until first read, or
 * when the cache is off.
 */
@Injectable()
export class SearchIndexVersion implements OnModuleInit, OnModuleDestroy {
  private value: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  current(): string | undefined {
    return this.value;
  }

  onModuleInit(): void {
    if (this.config.searchCacheMs <= 0) return;
    this.timer = setInterval(() => void this.read(), VERSION_POLL_MS);
    this.timer.unref();
    void this.read();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.value = undefined;
  }

  async read(): Promise<void> {
    try {
      // The projection that feeds the index searches read (SEARCH_INDEX): Meilisearch's documents may lag PostgreSQL's tables.
      const name = this.config.searchIndex === 'meilisearch' ? 'search_meili' : 'search';
      const { rows } = await this.pool.query<{ v: string }>(
        `SELECT transaction_id::text || '/' || global_position::text || '/' || version::text AS v FROM projection_checkpoints WHERE name = $1`,
        [name],
      );
      this.value = rows[0]?.v;
    } catch {
      // Unknown (database away): cached answers fall back to the time to live alone.
      this.value = undefined;
    }
  }
}
