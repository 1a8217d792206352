import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { feedAttributions } from '../../../projections/feeds';
import { DB_POOL } from '../../runtime/tokens';
import { type FeedAttribution, MlsFeedAttributions } from '../listings';

/**
 * How long the attributions are kept before they are read again: a search shows none older, on
 * any instance (a changed disclaimer or a new sync shows within this long), and the searches of
 * that time make one database trip for them between them (the first after it waits for the read,
 * the others meanwhile share it).
 */
export const ATTRIBUTIONS_TTL_MS = 1000;

type Kept = { readonly feed: FeedAttribution | undefined; readonly at: number };

/** What the listing pages say of each feed (listings' MlsFeedAttributions port): its disclaimer and its last successful sync, kept in memory. */
@Injectable()
export class FeedReadModelAttributions extends MlsFeedAttributions {
  /** Each MLS's attribution as last read (undefined: no feed gives one); the MLSs are the few of the listings' pdids. */
  private readonly kept = new Map<string, Kept>();
  private refreshing: Promise<void> | undefined;

  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {
    super();
  }

  async of(mls: readonly string[]): Promise<ReadonlyMap<string, FeedAttribution>> {
    const unseen = mls.filter((m) => !this.kept.has(m));
    if (unseen.length > 0) await this.read(unseen);
    const now = Date.now();
    if (mls.some((m) => now - this.kept.get(m)!.at >= ATTRIBUTIONS_TTL_MS))
      await (this.refreshing ??= this.read([...this.kept.keys()]).finally(() => (this.refreshing = undefined)));
    return new Map(mls.flatMap((m) => (this.kept.get(m)?.feed ? [[m, this.kept.get(m)!.feed!] as const] : [])));
  }

  private async read(mls: readonly string[]): Promise<void> {
    const at = Date.now();
    let found: ReadonlyMap<string, FeedAttribution>;
    try {
      found = await feedAttributions(this.pool, mls);
    } catch {
      // Before the feeds read model exists (the first moments of a fresh database): the defaults, until the next read.
      found = new Map();
    }
    for (const m of mls) this.kept.set(m, { feed: found.get(m), at });
  }
}
