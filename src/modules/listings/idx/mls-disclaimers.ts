import { Inject, Injectable, Optional } from '@nestjs/common';
import { SearchIndex } from '../../../../projections/search';
import type { MlsDisclaimer } from '../../../contract/search';

/**
 * What an MLS's IDX licence asks of every page that shows its listings, until a feed gives its
 * own text (the Feeds tab): whose data it is, what it may be used for, that it is not guaranteed.
 */
export const DEFAULT_MLS_DISCLAIMER =
  'The listing data on this page comes from the MLS through its Internet Data Exchange (IDX) program. It is provided for ' +
  "consumers' personal, non-commercial use only and may not be used for any purpose other than to identify prospective " +
  'properties consumers may be interested in buying or renting. Information is deemed reliable but not guaranteed; buyers ' +
  'should verify it independently. Listings held by brokerages other than the owner of this site show the listing broker.';

/** What the feeds context knows of one MLS feed: its own disclaimer (null: the default) and when it last synced. */
export type FeedAttribution = { readonly disclaimer: string | null; readonly lastSyncAt: string | null };

/**
 * The feeds' side of the disclaimers, provided by the feeds context (which depends on listings,
 * not the reverse) from its configured feeds; absent, every MLS gets the default text and the
 * time its listings last changed here.
 */
export abstract class MlsFeedAttributions {
  /** The attribution of each named MLS the feeds know (by feed name, the pdid prefix); unknown ones are left out. */
  abstract of(mls: readonly string[]): Promise<ReadonlyMap<string, FeedAttribution>>;
}

/** The MLS of a listing: its pdid's prefix (MLS names hold no '-'). */
export const mlsOfPdid = (pdid: string): string => pdid.slice(0, Math.max(0, pdid.indexOf('-')));

/** One MLS's disclaimer: the feed's text or the default; the feed's last sync, else the last change seen here. */
export const mlsDisclaimer = (mls: string, feed: FeedAttribution | undefined, lastChange: string | undefined): MlsDisclaimer => ({
  mls,
  text: feed?.disclaimer?.trim() || DEFAULT_MLS_DISCLAIMER,
  updatedAt: feed?.lastSyncAt ?? lastChange ?? null,
});

/** The disclaimers of the MLSs whose listings a page shows, in the order first shown. */
@Injectable()
export class MlsDisclaimers {
  constructor(
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Optional() @Inject(MlsFeedAttributions) private readonly feeds?: MlsFeedAttributions,
  ) {}

  async forPdids(pdids: readonly string[]): Promise<MlsDisclaimer[]> {
    const mls = [...new Set(pdids.map(mlsOfPdid).filter((m) => m !== ''))];
    if (mls.length === 0) return [];
    const [feeds, changes] = await Promise.all([this.feeds?.of(mls) ?? new Map<string, FeedAttribution>(), this.index.mlsUpdates(mls)]);
    return mls.map((m) => mlsDisclaimer(m, feeds.get(m), changes.get(m)));
  }
}
