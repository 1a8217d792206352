import type pg from 'pg';
import type { Box, SearchCriteria } from '../search-criteria';
import {
  type IndexedListing,
  type MapQuery,
  type MapResult,
  type MatchRequest,
  type PreparedMatch,
  type SearchPage,
  SearchIndex,
  type Suggestion,
  type SuggestionKind,
} from '../search-index.port';
import { CELL_LEVEL, unitVector } from '../geo';
import { chord2Sql, orderSql, Params, whereSql } from './criteria-sql';
import {
  type CellSum,
  COARSE,
  countsOf,
  coversFineCell,
  FINE,
  viewportBoundsSql,
  viewportCounts,
  viewportCountsSql,
  viewportOnly,
} from './viewport-aggregates';
import { suggest, TOP } from './suggest';
import { normalizeName } from '../search-terms';
import { type Check, compile, MATCH_COLUMNS, type MatchRow, passes } from './criteria-match';
import { groupOf } from '../search-document';
import { type ListingRow, toListing } from '../listing-row';

/** What prepareMatch makes: the criteria's checks, compiled once. */
type Compiled = PreparedMatch & { readonly checks?: readonly Check[] };

/** Where the index sends its statements: a pool, or one connection of it (see OneConnection). */
export type Queryable = Pick<pg.Pool, 'query'>;
type PinRow = { pdid: string; lat: number; lng: number; price: number | null; location_approximate: boolean };
const pinOf = (r: PinRow) => ({ pdid: r.pdid, latitude: r.lat, longitude: r.lng, price: r.price, locationApproximate: r.location_approximate });

/**
 * The default SearchIndex: SQL over the search projection's tables. `table` names the live
 * tables (a rebuild swaps fresh copies in under the same names).
 */
export class PostgresSearchIndex extends SearchIndex {
  constructor(
    private readonly pool: Queryable,
    private readonly tables = { listings: 'search_listings', cells: 'search_cells', terms: 'search_terms', mlsUpdates: 'search_mls_updates' },
    /** Boxes of at most this many matches are read, not walked (see walkIndex; the reference test also runs with 0). */
    private readonly boxReadMax = BOX_READ_MAX,
  ) {
    super();
  }

  async search(c: SearchCriteria, page: SearchPage): Promise<{ total: number; pdids: string[] }> {
    if (viewportOnly(c) && coversFineCell(c.box)) {
      const grp = groupOf(c);
      const [counts, all, unmapped] = await Promise.all([viewportCounts(this.pool, this.tables, grp, c.box, 0), this.groupSize(grp), this.unmapped(c)]);
      if (counts) {
        const total = counts.total + unmapped;
        const pdids = await this.viewportPage(c, page.limit, page.offset, walkIndex(c, page.offset + page.limit, total, all, this.boxReadMax), false);
        return { total, pdids: pdids.map((r) => r.pdid) };
      }
    }
    const p = new Params();
    const where = whereSql(c, p);
    const { rows } = await this.pool.query<{ pdid: string; total: number }>(
      `SELECT pdid, count(*) OVER ()::int AS total FROM ${this.tables.listings} WHERE ${where}
       ORDER BY ${orderSql(c.sort, c.origin)} LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`,
      p.values,
    );
    if (rows.length > 0 || page.offset === 0) return { total: rows[0]?.total ?? 0, pdids: rows.map((r) => r.pdid) };
    return { total: await this.count(c), pdids: [] };
  }

  override async page(c: SearchCriteria, page: SearchPage): Promise<{ total: number; listings: IndexedListing[] }> {
    if (viewportOnly(c) && coversFineCell(c.box)) return super.page(c, page);
    // One statement: the page's whole rows with the total of every match.
    const p = new Params();
    const { rows } = await this.pool.query<ListingRow & { total: number }>(
      `SELECT ${CARD_COLUMNS}, count(*) OVER ()::int AS total FROM ${this.tables.listings} WHERE ${whereSql(c, p)}
       ORDER BY ${orderSql(c.sort, c.origin)} LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`,
      p.values,
    );
    if (rows.length === 0 && page.offset > 0) return { total: await this.count(c), listings: [] };
    return { total: rows[0]?.total ?? 0, listings: rows.map(toListing) };
  }

  async matchEach(items: readonly MatchRequest[]): Promise<boolean[][]> {
    const pdids = [...new Set(items.filter((i) => i.criteria.length > 0).map((i) => i.pdid))];
    if (pdids.length === 0) return items.map(() => []);
    // One read for all the rows; each criterion is then the JS twin of its WHERE clause (criteria-match.ts).
    const { rows } = await this.pool.query<MatchRow & { pdid: string }>(
      `SELECT pdid, ${MATCH_COLUMNS} FROM ${this.tables.listings} WHERE pdid = ANY($1::text[])`,
      [pdids],
    );
    const byPdid = new Map(rows.map((r) => [r.pdid, r]));
    return items.map(({ pdid, criteria }) => {
      const row = byPdid.get(pdid);
      return criteria.map((c) => row !== undefined && passes((c as Compiled).checks ?? compile(c.criteria), row));
    });
  }

  prepareMatch(criteria: SearchCriteria): PreparedMatch {
    const prepared: Compiled = { criteria, checks: compile(criteria) };
    return prepared;
  }

  async count(c: SearchCriteria): Promise<number> {
    const p = new Params();
    const { rows } = await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${this.tables.listings} WHERE ${whereSql(c, p)}`, p.values);
    return rows[0]!.n;
  }

  async map(c: SearchCriteria, q: MapQuery): Promise<MapResult> {
    // A status and a viewport only: counts and clusters come from the per-cell counts, bounds
    // from the ends of two B-trees, pins from the sort's own index.
    if (viewportOnly(c) && coversFineCell(c.box) && q.clusterLevel <= FINE) {
      const grp = groupOf(c);
      const counts = viewportCountsSql(this.tables, grp, c.box, q.clusterLevel)!;
      const [{ rows }, unmapped] = await Promise.all([
        this.pool.query<{ cells: CellSum[]; bounds: Box; grp_size: number }>(
          `SELECT (SELECT coalesce(json_agg(c), '[]') FROM (${counts}) c) AS cells,
             (SELECT row_to_json(b) FROM (${viewportBoundsSql(this.tables.listings, grp, c.box)}) b) AS bounds,
             (SELECT coalesce(sum(n), 0)::int FROM ${this.tables.cells} WHERE grp = ${grp} AND lvl = ${COARSE}) AS grp_size`,
        ),
        this.unmapped(c),
      ]);
      const r = rows[0]!;
      const found = countsOf(r.cells);
      const pinRows =
        q.pins > 0 && found.total > 0 ? await this.viewportPage(c, q.pins, 0, walkIndex(c, q.pins, found.total, r.grp_size, this.boxReadMax), true) : [];
      return {
        // Every match is counted; only those with a point are pinned, bounded and clustered.
        total: found.total + unmapped,
        pins: (pinRows as PinRow[]).map(pinOf),
        bounds: found.total === 0 || r.bounds.minLat === null ? null : r.bounds,
        clusters: found.clusters,
      };
    }
    const shift = CELL_LEVEL - Math.max(0, Math.min(CELL_LEVEL, Math.floor(q.clusterLevel)));
    const agg = new Params();
    const pins = new Params();
    const [summary, pinRows] = await Promise.all([
      this.pool.query<{ g: number; n: number; alat: number; alng: number; minlat: number; maxlat: number; minlng: number; maxlng: number }>(
        `SELECT GROUPING(cy >> ${shift}, cx >> ${shift}) AS g, count(*)::int AS n, avg(lat) AS alat, avg(lng) AS alng,
           min(lat) AS minlat, max(lat) AS maxlat, min(lng) AS minlng, max(lng) AS maxlng
         FROM ${this.tables.listings} WHERE ${whereSql(c, agg)}
         GROUP BY GROUPING SETS ((cy >> ${shift}, cx >> ${shift}), ())`,
        agg.values,
      ),
      q.pins > 0
        ? this.pool.query<PinRow>(
            `SELECT pdid, lat, lng, price, location_approximate FROM ${this.tables.listings} WHERE ${whereSql(c, pins)} AND lat IS NOT NULL
             ORDER BY ${orderSql(c.sort, c.origin)} LIMIT ${pins.add(q.pins)}`,
            pins.values,
          )
        : Promise.resolve({ rows: [] }),
    ]);
    const all = summary.rows.find((r) => r.g !== 0)!;
    // Listings without a point group under a cell of NULLs: counted in the total, in no cluster.
    const clusters = summary.rows
      .filter((r) => r.g === 0 && r.alat !== null)
      .map((r) => ({ latitude: r.alat, longitude: r.alng, count: r.n }))
      .sort((a, b) => b.count - a.count || a.latitude - b.latitude || a.longitude - b.longitude);
    return {
      total: all.n,
      pins: pinRows.rows.map(pinOf),
      bounds: all.n === 0 || all.minlat === null ? null : { minLat: all.minlat, maxLat: all.maxlat, minLng: all.minlng, maxLng: all.maxlng },
      clusters,
    };
  }

  /**
   * A page of a status-and-viewport search. `walk`: along the sort's own B-tree, skipping what
   * lies outside the box (the comparisons are written so that no other index can serve them);
   * otherwise: the box's rows from the GiST index, sorted. `pins`: only listings with a point.
   */
  private async viewportPage(c: SearchCriteria, limit: number, offset: number, walk: boolean, pins: boolean): Promise<(PinRow | { pdid: string })[]> {
    if (c.sort === 'nearest') {
      const near = await this.nearestPage(c, limit, offset, pins);
      if (near) return near;
    }
    const b = c.box;
    const box = !b
      ? pins
        ? ' AND lat IS NOT NULL'
        : ''
      : walk
        ? ` AND lat + 0 BETWEEN $3::float8 AND $4::float8 AND lng + 0 BETWEEN $5::float8 AND $6::float8`
        : ` AND pt <@ box(point($5::float8, $3::float8), point($6::float8, $4::float8)) AND lat BETWEEN $3::float8 AND $4::float8 AND lng BETWEEN $5::float8 AND $6::float8`;
    const { rows } = await this.pool.query<PinRow>(
      `SELECT pdid, lat, lng, price, location_approximate FROM ${this.tables.listings} WHERE grp = ${groupOf(c)}${box}
       ORDER BY ${orderSql(c.sort, c.origin)} LIMIT $1 OFFSET $2`,
      b ? [limit, offset, b.minLat, b.maxLat, b.minLng, b.maxLng] : [limit, offset],
    );
    return rows;
  }

  /** Listings of the criteria's status group without a point, when the criteria have no box (else none can match). */
  private async unmapped(c: SearchCriteria): Promise<number> {
    if (c.box) return 0;
    const { rows } = await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${this.tables.listings} WHERE grp = ${groupOf(c)} AND lat IS NULL`);
    return rows[0]!.n;
  }

  /** Searchable listings of a status group, from the coarse cell counts. */
  private async groupSize(grp: number): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT coalesce(sum(n), 0)::int AS n FROM ${this.tables.cells} WHERE grp = ${grp} AND lvl = ${COARSE}`,
    );
    return rows[0]!.n;
  }

  /**
   * Nearest first from the GiST index on the unit vectors: the first candidates in distance
   * order, ranked by (squared chord, pdid). Exact when the candidates end strictly farther than
   * the last listing asked for (distance and squared chord order alike), or hold every listing
   * with a point and the page needs no others; undefined otherwise.
   */
  private async nearestPage(c: SearchCriteria, limit: number, offset: number, pins: boolean) {
    const [x, y, z] = unitVector(c.origin!);
    const want = offset + limit;
    const k = want + 64;
    const b = c.box;
    const box = b ? ` AND lat BETWEEN $5::float8 AND $6::float8 AND lng BETWEEN $7::float8 AND $8::float8` : '';
    const { rows } = await this.pool.query<PinRow & { d: number; c2: number }>(
      `SELECT pdid, lat, lng, price, location_approximate, u <-> cube(ARRAY[$1::float8, $2::float8, $3::float8]) AS d, ${chord2Sql(c.origin!)} AS c2
       FROM ${this.tables.listings} WHERE grp = ${groupOf(c)} AND u IS NOT NULL${box}
       ORDER BY u <-> cube(ARRAY[$1::float8, $2::float8, $3::float8]) LIMIT $4`,
      b ? [x, y, z, k, b.minLat, b.maxLat, b.minLng, b.maxLng] : [x, y, z, k],
    );
    const ranked = [...rows].sort((p, q) => p.c2 - q.c2 || Buffer.compare(Buffer.from(p.pdid), Buffer.from(q.pdid)));
    if (rows.length === k && !(rows[k - 1]!.d > (ranked[want - 1]?.d ?? Infinity))) return undefined;
    // Past the last listing with a point come those without one (a list page, no box): the general query orders them.
    if (rows.length < k && ranked.length < want && !b && !pins) return undefined;
    return ranked.slice(offset, want);
  }

  async listings(pdids: readonly string[]): Promise<IndexedListing[]> {
    if (pdids.length === 0) return [];
    // A listing the MLS does not let be shown publicly has no card, whatever its status.
    const { rows } = await this.pool.query<ListingRow>(
      `SELECT ${CARD_COLUMNS} FROM ${this.tables.listings} WHERE pdid = ANY($1::text[]) AND listing_display IS DISTINCT FROM false`,
      [pdids],
    );
    const byPdid = new Map(rows.map((r) => [r.pdid, r]));
    return pdids.flatMap((pdid) => {
      const r = byPdid.get(pdid);
      return r ? [toListing(r)] : [];
    });
  }

  suggest(kinds: readonly SuggestionKind[], term: string, limit: number): Promise<Suggestion[]> {
    return suggest(this.pool, this.tables, kinds, term, limit);
  }

  async startingWith(term: string, limit: number): Promise<IndexedListing[]> {
    const key = normalizeName(term);
    if (!key) return [];
    // Active sales (1) and leases (3); an address the MLS hides is never matched by its address.
    const { rows } = await this.pool.query<ListingRow>(
      `SELECT ${CARD_COLUMNS} FROM ${this.tables.listings}
        WHERE grp IN (1, 3) AND listing_display IS DISTINCT FROM false
          AND ((address_key >= $1 AND address_key < $2 AND address_display IS DISTINCT FROM false) OR (mlsid_key >= $1 AND mlsid_key < $2))
        ORDER BY address_key, pdid LIMIT $3`,
      [key, key + TOP, limit],
    );
    return rows.map(toListing);
  }

  async mlsUpdates(mls: readonly string[]): Promise<Map<string, string>> {
    if (mls.length === 0) return new Map();
    const { rows } = await this.pool.query<{ mls: string; updated_at: Date }>(
      `SELECT mls, updated_at FROM ${this.tables.mlsUpdates} WHERE mls = ANY($1::text[])`,
      [mls],
    );
    return new Map(rows.map((r) => [r.mls, r.updated_at.toISOString()]));
  }
}

/** A box of at most this many matches is read and sorted (about 2 ms at most), never walked for. */
const BOX_READ_MAX = 4000;

/**
 * Walking the sort's B-tree reads about `wanted × all / total` entries before it has the page;
 * fetching the box's rows reads `total` and sorts them. The newest-first index holds the pin
 * columns, so walking it is the cheaper read per entry.
 */
function walkIndex(c: SearchCriteria, wanted: number, total: number, all: number, boxReadMax: number): boolean {
  if (!c.box || total === 0) return true;
  // The estimate holds only where the box's listings are spread evenly along the sort; where
  // they are not, a walk reads up to the whole group (HTTP search mix at 20k: 21 to 25 ms a
  // metro map, 75 % of its PostgreSQL time), while reading a small box costs at most its rows.
  if (total <= boxReadMax) return false;
  const walked = (wanted * all) / total;
  return walked < total * (c.sort === 'newest' ? 8 : 1);
}

const CARD_COLUMNS = `pdid, listing_id, address, city, state, postal_code, county, price, beds, baths, sqft, status, property_type,
  property_subtype, lat, lng, location_approximate, visible_photos, all_photos_broken, list_date, close_date, list_office, list_agent,
  address_display`;
