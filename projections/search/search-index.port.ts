import type { Card } from '../../src/contract/search';
import type { Checkpoint } from '../../src/eventstore/event-store.port';
import type { Box, SearchCriteria } from './search-criteria';

/**
 * What a result card, a pin or a details page shows of a listing, as the index holds it: the
 * card's fields (price is ClosePrice when Closed, ListPrice otherwise; photos in order without
 * the ones reported broken) before the price is written short, and whether every photo broke.
 */
export type IndexedListing = Omit<Card, 'priceShort'> & {
  /** True when the listing had photos and every one was reported broken. */
  readonly allPhotosBroken: boolean;
};

/** Only listings with a point are pinned; `locationApproximate` ones stand at their postal code's centre. */
export type Pin = {
  readonly pdid: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly price: number | null;
  readonly locationApproximate: boolean;
};

/** Matches of one grid cell: a true count at the matches' mean position. */
export type Cluster = { readonly latitude: number; readonly longitude: number; readonly count: number };

export type SearchPage = { readonly offset: number; readonly limit: number };

export type MapQuery = {
  /** How many of the first matches (in sort order) to return as pins. */
  readonly pins: number;
  /** Cluster cells are 360 / 2^clusterLevel degrees (0 to 20). */
  readonly clusterLevel: number;
};

export type MapResult = {
  /** Every match, those without a point too. */
  readonly total: number;
  readonly pins: readonly Pin[];
  /** Bounds every match, not only the pins; null when nothing matches. */
  readonly bounds: Box | null;
  readonly clusters: readonly Cluster[];
};

/**
 * Criteria made ready to be tested against listing after listing (what an adapter needs to do
 * once per criteria, it does in prepareMatch); opaque to callers.
 */
export type PreparedMatch = { readonly criteria: SearchCriteria };

/** One listing and the criteria to test it against. */
export type MatchRequest = { readonly pdid: string; readonly criteria: readonly PreparedMatch[] };

export type SuggestionKind = 'city' | 'county' | 'zip' | 'address' | 'mlsid';
export type Suggestion = { readonly kind: SuggestionKind; readonly value: string; readonly label: string };

/**
 * The search read model (architecture: "SearchIndex port"): criteria in; ordered pdids, totals,
 * bounds and clusters out. Adapters: postgres/ (default) and, later, Meilisearch. Every adapter
 * gives the same answer for the same criteria: ties are broken by pdid in byte order.
 */
export abstract class SearchIndex {
  abstract search(criteria: SearchCriteria, page: SearchPage): Promise<{ total: number; pdids: string[] }>;
  abstract map(criteria: SearchCriteria, query: MapQuery): Promise<MapResult>;
  /** A page of whole listings (what a list view shows); adapters may do it in one go. */
  async page(criteria: SearchCriteria, page: SearchPage): Promise<{ total: number; listings: IndexedListing[] }> {
    const found = await this.search(criteria, page);
    return { total: found.total, listings: await this.listings(found.pdids) };
  }
  /** The listings of these pdids in the order given; unknown ones, and those not shown publicly, are left out. */
  abstract listings(pdids: readonly string[]): Promise<IndexedListing[]>;
  /**
   * Up to `limit` suggestions of each kind for a lower-cased term: names that start with it (or
   * one of whose words does), most listings first.
   */
  abstract suggest(kinds: readonly SuggestionKind[], term: string, limit: number): Promise<Suggestion[]>;
  /**
   * For each listing, which of its criteria it matches now, by exactly the rules of search (what
   * property alerts ask when listings change); all false for an unknown pdid. `seen`: the newest
   * log position the answer must reflect (the changes' own). An index fed by a subscription of
   * its own waits for that place, not for the log's head: a caller inside a transaction that
   * holds a row lock holds the log's horizon too, and the head past it would never come in sight
   * (the alert matcher waited out its 5 s there, and every read model with it).
   */
  abstract matchEach(items: readonly MatchRequest[], seen?: Checkpoint): Promise<boolean[][]>;
  /** Criteria ready for matchEach; made once for criteria that will be tested many times. */
  abstract prepareMatch(criteria: SearchCriteria): PreparedMatch;
  /** When each of these MLSs' listings last changed in the index (ISO instants); unknown ones are left out. */
  abstract mlsUpdates(mls: readonly string[]): Promise<Map<string, string>>;
  /**
   * Active listings (sales and leases) shown publicly whose address or MLS number starts with
   * the term (compared lower-cased), by address: the dashboard's listing picker.
   */
  abstract startingWith(term: string, limit: number): Promise<IndexedListing[]>;
}
