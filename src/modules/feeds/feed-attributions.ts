import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { feedAttributionsWhole } from '../../../projections/feeds';
import type { Runtime } from '../../runtime/runtime';
import { DB_POOL, RUNTIME } from '../../runtime/tokens';
import { type FeedAttribution, MlsFeedAttributions } from '../listings';

/**
 * How long the attributions are kept before they are read again while events are appended: a
 * search shows none older, on any instance (a changed disclaimer or a new sync shows within this
 * long), and the searches of that time make one database trip for them between them (the first
 * after it waits for the read, the others meanwhile share it). Once a read finds the feeds read
 * model caught up with the log, they are kept as they are until the next append is heard
 * (EventStore.appendsHeard): while the log stands still, searches make no trip for them.
 */
export const ATTRIBUTIONS_TTL_MS = 1000;

type Kept = { readonly feed: FeedAttribution | undefined; readonly at: number };

/** What the listing pages say of each feed (listings' MlsFeedAttributions port): its disclaimer and its last successful sync, kept in memory. */
@Injectable()
export class FeedReadModelAttributions extends MlsFeedAttributions {
  /** Each MLS's attribution as last read (undefined: no feed gives one); the MLSs are the few of the listings' pdids. */
  private readonly kept = new Map<string, Kept>();
  private refreshing: Promise<void> | undefined;

  /** The count of appends heard when a read found the read model whole: until it changes, nothing can have. */
  private wholeAt: number | undefined;

  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {
    super();
  }

  async of(mls: readonly string[]): Promise<ReadonlyMap<string, FeedAttribution>> {
    const unseen = mls.filter((m) => !this.kept.has(m));
    if (unseen.length > 0) await this.read(unseen);
    const now = Date.now();
    const heard = this.runtime.store.appendsHeard();
    if (heard !== undefined && heard === this.wholeAt) return this.known(mls);
    if (mls.some((m) => now - this.kept.get(m)!.at >= ATTRIBUTIONS_TTL_MS))
      await (this.refreshing ??= this.read([...this.kept.keys()]).finally(() => (this.refreshing = undefined)));
    return this.known(mls);
  }

  private known(mls: readonly string[]): ReadonlyMap<string, FeedAttribution> {
    return new Map(mls.flatMap((m) => (this.kept.get(m)?.feed ? [[m, this.kept.get(m)!.feed!] as const] : [])));
  }

  private async read(mls: readonly string[]): Promise<void> {
    const at = Date.now();
    // Taken before the read: an append heard after it may not be in what the read finds.
    const heard = this.runtime.store.appendsHeard();
    let found: ReadonlyMap<string, FeedAttribution>;
    let whole = false;
    try {
      ({ found, whole } = await feedAttributionsWhole(this.pool, mls));
    } catch {
      // Before the feeds read model exists (the first moments of a fresh database): the defaults, until the next read.
      found = new Map();
    }
    for (const m of mls) this.kept.set(m, { feed: found.get(m), at });
    // Whole for every MLS kept only if this read was of all of them.
    if (whole && heard !== undefined && mls.length === this.kept.size) this.wholeAt = heard;
  }
}
