import type { Box, SearchCriteria } from '../search-criteria';
import { groupOf } from '../search-document';
import {
  type IndexedListing,
  type MapQuery,
  type MapResult,
  type MatchRequest,
  type Pin,
  type PreparedMatch,
  type SearchPage,
  SearchIndex,
  type Suggestion,
  type SuggestionKind,
} from '../search-index.port';
import { type Check, compile, passes } from '../postgres/criteria-match';
import { type MeiliIndex, type MeiliSearch, MeiliSearchApiError, MeiliTaskError, type SearchResponse } from './meili-client';
import { boundsOfPoints, clusterLevelOf, clustersOfFacets, clustersOfPoints } from './meili-clusters';
import { FILTERABLE, listingOf, type MeiliDocument, SORTABLE } from './meili-document';
import { filterOf, quote, sortOf } from './meili-filter';
import { comparatorOf } from './meili-order';

type Compiled = PreparedMatch & { readonly checks?: readonly Check[] };

/** How many hits a search may reach (offset + limit), and so how many candidates an exact check may read. */
export const MAX_TOTAL_HITS = 1_000_000;
/** Cells a cluster facet may list: a world map at level 8 has at most 65,536. */
const MAX_VALUES_PER_FACET = 100_000;
/** Candidates read per request when the adapter checks and orders them itself. */
const CANDIDATE_PAGE = 10_000;

/** What a criterion, a sort or a pin reads of a document: all the exact path fetches. */
const MATCH_FIELDS = [
  'pdid',
  'grp',
  'price',
  'beds',
  'baths',
  'sqft',
  'lat',
  'lng',
  'ux',
  'uy',
  'uz',
  'kinds',
  'waterfront',
  'view',
  'pool',
  'new_construction',
  'price_reduced',
  'city_key',
  'county_key',
  'zip5',
  'mlsid_key',
  'open_house_until',
  'words',
  'sort_date',
  'location_approximate',
] as const;
const PIN_FIELDS = ['pdid', 'lat', 'lng', 'price', 'location_approximate'] as const;
const CARD_FIELDS = [
  'pdid',
  'listing_id',
  'address',
  'city',
  'state',
  'postal_code',
  'county',
  'price',
  'beds',
  'baths',
  'sqft',
  'status',
  'property_type',
  'property_subtype',
  'lat',
  'lng',
  'location_approximate',
  'visible_photos',
  'all_photos_broken',
  'list_date',
  'close_date',
  'list_office',
  'list_agent',
  'address_display',
  'listing_display',
] as const;

const pinOf = (d: Pick<MeiliDocument, 'pdid' | 'lat' | 'lng' | 'price' | 'location_approximate'>): Pin => ({
  pdid: d.pdid,
  latitude: d.lat!,
  longitude: d.lng!,
  price: d.price,
  locationApproximate: d.location_approximate,
});
const located = <T extends Pick<MeiliDocument, 'lat' | 'lng'>>(d: T): d is T & { lat: number; lng: number } => d.lat !== null && d.lng !== null;

/** Whether a server version (e.g. "1.22.1") has the `_geoPolygon` filter (Meilisearch 1.22 and later). */
export function hasGeoPolygon(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map((p) => Number.parseInt(p, 10));
  return major > 1 || (major === 1 && minor >= 22);
}

export const LISTINGS_INDEX = 'listings';

/** The index with its primary key, filterable and sortable attributes and limits, set at start; waits for the tasks. */
export async function ensureMeiliIndex(client: MeiliSearch, uid: string): Promise<void> {
  const created = await client.createIndex(uid, { primaryKey: 'pdid' });
  const task = await client.waitForTask(created.taskUid, { allowFailure: true });
  if (task.status !== 'succeeded' && task.error?.code !== 'index_already_exists') throw new MeiliTaskError(task);
  const settings = await client.index(uid).updateSettings({
    filterableAttributes: FILTERABLE,
    sortableAttributes: SORTABLE,
    // Nothing is searched by text: keyword words are filtered as values.
    searchableAttributes: ['pdid'],
    pagination: { maxTotalHits: MAX_TOTAL_HITS },
    faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET },
  });
  await client.waitForTask(settings.taskUid);
}

export type MeiliSearchIndexOptions = {
  readonly indexUid?: string;
  /** Set from the server's version by `connect`. */
  readonly geoPolygon: boolean;
  /** Up to this many matches with a point, clusters stand at their matches' mean (their points are read); above, at their cells' centres. */
  readonly pointsCap?: number;
};

/**
 * The SearchIndex on Meilisearch (SEARCH_INDEX=meilisearch): searches, maps, cards and alert
 * matching read the documents the `search_meili` projection writes. Meilisearch filters and
 * sorts; totals are facet counts of `grp` (exact, unlike estimatedTotalHits), bounds the ends
 * of the matches by lat and lng, clusters the facet counts of the level's cell. A radius, polygons on a
 * server without `_geoPolygon`, and the nearest sort are narrowed by Meilisearch and decided and
 * ordered here, exactly as the contract says (chord distance, even-odd rule, ties by pdid).
 * Autocomplete names, MLS update times and the listing picker stay on the PostgreSQL read model
 * (`names`), which every deployment keeps.
 */
export class MeiliSearchIndex extends SearchIndex {
  readonly index: MeiliIndex<MeiliDocument>;
  private readonly pointsCap: number;
  /** Turned off for good if the server refuses a `_geoPolygon` filter (an index built without what it needs). */
  private geoPolygon: boolean;

  constructor(
    private readonly client: MeiliSearch,
    private readonly names: SearchIndex,
    options: MeiliSearchIndexOptions,
  ) {
    super();
    this.index = client.index<MeiliDocument>(options.indexUid ?? LISTINGS_INDEX);
    this.pointsCap = options.pointsCap ?? 5_000;
    this.geoPolygon = options.geoPolygon;
  }

  /** Asks the server's version (for `_geoPolygon`) and makes sure the index and its settings exist. */
  static async connect(client: MeiliSearch, names: SearchIndex, options: Omit<MeiliSearchIndexOptions, 'geoPolygon'> = {}): Promise<MeiliSearchIndex> {
    const { pkgVersion } = await client.getVersion();
    await ensureMeiliIndex(client, options.indexUid ?? LISTINGS_INDEX);
    return new MeiliSearchIndex(client, names, { ...options, geoPolygon: hasGeoPolygon(pkgVersion) });
  }

  private plan(c: SearchCriteria) {
    const plan = filterOf(c, { now: Date.now(), geoPolygon: this.geoPolygon });
    // Nearest: Meilisearch's haversine and the contract's chord can order near-equal distances apart.
    return { ...plan, here: plan.exact.length > 0 || c.sort === 'nearest' };
  }

  /** Runs a search with its plan; a server that refuses `_geoPolygon` is asked again with the fallback. */
  private async planned<T>(c: SearchCriteria, run: (plan: ReturnType<MeiliSearchIndex['plan']>) => Promise<T>): Promise<T> {
    try {
      return await run(this.plan(c));
    } catch (e) {
      if (!(c.polygons && this.geoPolygon && e instanceof MeiliSearchApiError && e.code === 'invalid_search_filter')) throw e;
      this.geoPolygon = false;
      return run(this.plan(c));
    }
  }

  /** Every match of criteria the filter only narrows: candidates read in pages, checked and ordered here. */
  private async exactMatches(c: SearchCriteria, filter: string): Promise<MeiliDocument[]> {
    const checks = compile(c);
    const found: MeiliDocument[] = [];
    for (let offset = 0; ; offset += CANDIDATE_PAGE) {
      if (offset >= MAX_TOTAL_HITS) throw new Error(`More than ${MAX_TOTAL_HITS} candidates to check: narrow the search`);
      const { hits } = await this.index.search('', { filter, offset, limit: CANDIDATE_PAGE, attributesToRetrieve: MATCH_FIELDS, sort: ['s_pdid:asc'] });
      for (const h of hits) if (passes(checks, h)) found.push(h);
      if (hits.length < CANDIDATE_PAGE) break;
    }
    return found.sort(comparatorOf(c.sort, c.origin));
  }

  search(c: SearchCriteria, page: SearchPage): Promise<{ total: number; pdids: string[] }> {
    return this.planned(c, (plan) => this.searchPlanned(c, plan, page));
  }

  private async searchPlanned(c: SearchCriteria, plan: ReturnType<MeiliSearchIndex['plan']>, page: SearchPage): Promise<{ total: number; pdids: string[] }> {
    if (plan.here) {
      const all = await this.exactMatches(c, plan.filter);
      return { total: all.length, pdids: all.slice(page.offset, page.offset + page.limit).map((d) => d.pdid) };
    }
    const res = await this.index.search('', {
      filter: plan.filter,
      sort: sortOf(c.sort, c.origin),
      offset: page.offset,
      limit: page.limit,
      facets: ['grp'],
      attributesToRetrieve: ['pdid'],
    });
    return { total: totalOf(res.facetDistribution, groupOf(c)), pdids: res.hits.map((h) => h.pdid) };
  }

  override async page(c: SearchCriteria, page: SearchPage): Promise<{ total: number; listings: IndexedListing[] }> {
    return this.planned(c, (plan) => (plan.here ? super.page(c, page) : this.cardsPlanned(c, plan, page)));
  }

  private async cardsPlanned(
    c: SearchCriteria,
    plan: ReturnType<MeiliSearchIndex['plan']>,
    page: SearchPage,
  ): Promise<{ total: number; listings: IndexedListing[] }> {
    const res = await this.index.search('', {
      filter: plan.filter,
      sort: sortOf(c.sort, c.origin),
      offset: page.offset,
      limit: page.limit,
      facets: ['grp'],
      attributesToRetrieve: CARD_FIELDS,
    });
    return { total: totalOf(res.facetDistribution, groupOf(c)), listings: res.hits.map(listingOf) };
  }

  map(c: SearchCriteria, q: MapQuery): Promise<MapResult> {
    return this.planned(c, (plan) => this.mapPlanned(c, plan, q));
  }

  private async mapPlanned(c: SearchCriteria, plan: ReturnType<MeiliSearchIndex['plan']>, q: MapQuery): Promise<MapResult> {
    if (plan.here) {
      const all = await this.exactMatches(c, plan.filter);
      const points = all.filter(located);
      return {
        total: all.length,
        pins: points.slice(0, q.pins).map(pinOf),
        bounds: boundsOfPoints(points),
        clusters: clustersOfPoints(points, q.clusterLevel),
      };
    }
    const cell = `cell${clusterLevelOf(q.clusterLevel)}`;
    const mapped = `${plan.filter} AND has_point = true`;
    // One request: the counts, the first pins, and the bounds as the ends of the matches with a
    // point by latitude and by longitude (facet stats would list every distinct coordinate).
    const end = (sort: string) => ({ indexUid: this.index.uid, filter: mapped, sort: [sort], limit: 1, attributesToRetrieve: ['lat', 'lng'] });
    const { results } = await this.client.multiSearch<MeiliDocument>([
      { indexUid: this.index.uid, filter: plan.filter, limit: 0, facets: ['grp', cell] },
      { indexUid: this.index.uid, filter: mapped, sort: sortOf(c.sort, c.origin), limit: q.pins, attributesToRetrieve: PIN_FIELDS },
      end('lat:asc'),
      end('lat:desc'),
      end('lng:asc'),
      end('lng:desc'),
    ]);
    const [counts, pins, south, north, west, east] = results as [SearchResponse<MeiliDocument>, ...SearchResponse<MeiliDocument>[]];
    const cells = counts.facetDistribution?.[cell] ?? {};
    const onMap = Object.values(cells).reduce((n, k) => n + k, 0);
    const [s, n, w, e] = [south, north, west, east].map((r) => r?.hits[0]);
    const bounds: Box | null = onMap > 0 && s && n && w && e ? { minLat: s.lat!, maxLat: n.lat!, minLng: w.lng!, maxLng: e.lng! } : null;
    const points =
      onMap > 0 && onMap <= this.pointsCap
        ? (await this.index.search('', { filter: mapped, limit: onMap, attributesToRetrieve: ['lat', 'lng'] })).hits.filter(located)
        : null;
    return {
      total: totalOf(counts.facetDistribution, groupOf(c)),
      pins: (pins?.hits ?? []).filter(located).map(pinOf),
      bounds,
      clusters: clustersOfFacets(cells, q.clusterLevel, points, bounds),
    };
  }

  private async documents<K extends keyof MeiliDocument>(pdids: readonly string[], fields: readonly K[]): Promise<Map<string, Pick<MeiliDocument, K>>> {
    const unique = [...new Set(pdids)];
    const byPdid = new Map<string, Pick<MeiliDocument, K>>();
    for (let i = 0; i < unique.length; i += 1000) {
      const ids = unique.slice(i, i + 1000);
      const { results } = await this.index.getDocuments({ filter: `pdid IN [${ids.map(quote).join(', ')}]`, limit: ids.length, fields });
      for (const d of results) byPdid.set(d.pdid, d);
    }
    return byPdid;
  }

  async listings(pdids: readonly string[]): Promise<IndexedListing[]> {
    if (pdids.length === 0) return [];
    const docs = await this.documents(pdids, CARD_FIELDS);
    // A listing the MLS does not let be shown publicly has no card, whatever its status.
    return pdids.flatMap((pdid) => {
      const d = docs.get(pdid);
      return d && d.listing_display !== false ? [listingOf(d as MeiliDocument)] : [];
    });
  }

  async matchEach(items: readonly MatchRequest[]): Promise<boolean[][]> {
    const pdids = items.filter((i) => i.criteria.length > 0).map((i) => i.pdid);
    const docs = pdids.length > 0 ? await this.documents(pdids, MATCH_FIELDS) : new Map<string, never>();
    return items.map(({ pdid, criteria }) => {
      const row = docs.get(pdid);
      return criteria.map((c) => row !== undefined && passes((c as Compiled).checks ?? compile(c.criteria), row as MeiliDocument));
    });
  }

  prepareMatch(criteria: SearchCriteria): PreparedMatch {
    const prepared: Compiled = { criteria, checks: compile(criteria) };
    return prepared;
  }

  suggest(kinds: readonly SuggestionKind[], term: string, limit: number): Promise<Suggestion[]> {
    return this.names.suggest(kinds, term, limit);
  }

  mlsUpdates(mls: readonly string[]): Promise<Map<string, string>> {
    return this.names.mlsUpdates(mls);
  }

  startingWith(term: string, limit: number): Promise<IndexedListing[]> {
    return this.names.startingWith(term, limit);
  }
}

/** Every match is in the criteria's status group: its facet count is the true total. */
const totalOf = (facets: Record<string, Record<string, number>> | undefined, grp: number): number => facets?.grp?.[String(grp)] ?? 0;
