import type pg from 'pg';
import { criteriaOf, targetOf } from '../../../../projections/alerts/alert-targets';
import type { Box, SearchCriteria } from '../../../../projections/search/search-criteria';
import type { AlertFrequency } from '../../organizer';

/** A saved search as the matcher keeps it: who it alerts, its criteria parsed once, and where it took effect. */
export type SavedSearchEntry = {
  readonly searchId: string;
  readonly leadId: string;
  readonly userId: string;
  readonly siteId: string;
  readonly frequency: AlertFrequency;
  readonly criteria: SearchCriteria;
  readonly tx: bigint;
  readonly gp: bigint;
  readonly box: Box | null;
  readonly places: readonly string[];
};

/** The fields of a changed listing that finding candidates reads. */
export type ListingPlace = {
  readonly latitude: number;
  readonly longitude: number;
  readonly sold: boolean;
  readonly price: number | null;
  readonly beds: number | null;
  readonly places: readonly string[];
};

type Row = {
  search_id: string;
  lead_id: string;
  user_id: string;
  site_id: string;
  frequency: AlertFrequency;
  criteria: Record<string, string>;
  tx_id: string;
  global_position: string;
  deleted: boolean;
  seq: string;
};

/** Grid cells of a tenth of a degree: a drawn neighbourhood or a few-mile radius covers a handful. */
const CELLS_PER_DEGREE = 10;
/** A box over more cells than this (a county, a state) is tested against every change instead. */
const MAX_CELLS = 400;

const cellKey = (latCell: number, lngCell: number) => latCell * 4000 + lngCell;
const latCellOf = (lat: number) => Math.floor((lat + 90) * CELLS_PER_DEGREE);
const lngCellOf = (lng: number) => Math.floor((lng + 180) * CELLS_PER_DEGREE);

function add<K>(map: Map<K, Set<SavedSearchEntry>>, key: K, e: SavedSearchEntry): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(e);
}

/**
 * The alerts dispatcher's in-memory index of saved searches, so that a listing change finds the
 * few hundred searches that could match it without a query: searches with a place on the map by
 * a grid over their bounding boxes, the others by place key (city, zip, county, MLS number), and
 * the rest (a price band alone) always. It follows alert_searches (the alerts projection's
 * table) by its change sequence: every insert, frequency change and deletion takes the next
 * value of one sequence, and only the projection's leader writes the table, one transaction at a
 * time, so "everything after the last value seen" misses nothing. A rebuild swaps in a new table
 * (another relation id): then the index reloads whole. Candidates are a necessary condition
 * only; the SearchIndex port decides exactly.
 */
export class SavedSearchCandidates {
  private readonly entries = new Map<string, SavedSearchEntry>();
  private readonly cells = new Map<number, Set<SavedSearchEntry>>();
  private readonly placed = new Map<string, Set<SavedSearchEntry>>();
  private readonly everywhere = new Set<SavedSearchEntry>();
  private seen = 0n;
  private relation: string | null = null;

  /** `loadBatch`: rows read per query while following the table. */
  constructor(private readonly loadBatch = 20_000) {}

  get size(): number {
    return this.entries.size;
  }

  /** Takes in every change of alert_searches since the last call (all of it the first time or after a rebuild). */
  async refresh(db: pg.ClientBase): Promise<void> {
    const { rows: rel } = await db.query<{ oid: string | null }>(`SELECT to_regclass('alert_searches')::oid::text AS oid`);
    const oid = rel[0]?.oid ?? null;
    if (oid !== this.relation) {
      this.clear();
      this.relation = oid;
    }
    if (oid === null) return;
    for (;;) {
      const { rows } = await db.query<Row>(
        // Ordered by the column, not by the text it is read as ('10' sorts before '9').
        `SELECT search_id, lead_id, user_id, site_id, frequency, criteria, tx_id::text, global_position::text, deleted, s.seq::text AS seq
           FROM alert_searches s WHERE s.seq > $1 ORDER BY s.seq LIMIT ${this.loadBatch}`,
        [this.seen.toString()],
      );
      for (const r of rows) this.apply(r);
      if (rows.length > 0) this.seen = BigInt(rows[rows.length - 1]!.seq);
      if (rows.length < this.loadBatch) return;
    }
  }

  /**
   * The live searches that could match a listing at this place and that existed before the
   * change at (tx, gp): inside their box or sharing a place key, the same status group, inside
   * their price band and bedrooms.
   */
  candidates(l: ListingPlace, tx: bigint, gp: bigint): SavedSearchEntry[] {
    const out: SavedSearchEntry[] = [];
    const take = (e: SavedSearchEntry) => {
      if (e.frequency === 'never' || !(e.tx < tx || (e.tx === tx && e.gp < gp))) return;
      const c = e.criteria;
      if (c.sold !== l.sold) return;
      if (c.minPrice !== undefined && (l.price === null || l.price < c.minPrice)) return;
      if (c.maxPrice !== undefined && (l.price === null || l.price > c.maxPrice)) return;
      if (c.minBeds !== undefined && (l.beds === null || l.beds < c.minBeds)) return;
      out.push(e);
    };
    const inBox = (e: SavedSearchEntry) => {
      const b = e.box!;
      if (l.latitude >= b.minLat && l.latitude <= b.maxLat && l.longitude >= b.minLng && l.longitude <= b.maxLng) take(e);
    };
    this.cells.get(cellKey(latCellOf(l.latitude), lngCellOf(l.longitude)))?.forEach(inBox);
    this.cells.get(-1)?.forEach(inBox);
    const seen = new Set<SavedSearchEntry>();
    for (const key of l.places) {
      this.placed.get(key)?.forEach((e) => {
        // A search by several cities can share more than one key with a listing only in theory; once is enough.
        if (!seen.has(e)) {
          seen.add(e);
          take(e);
        }
      });
    }
    this.everywhere.forEach(take);
    return out;
  }

  private apply(r: Row): void {
    this.remove(r.search_id);
    if (r.deleted) return;
    const criteria = criteriaOf(r.criteria);
    if (!criteria) return; // a search that no longer parses can never match
    const target = targetOf(criteria);
    const e: SavedSearchEntry = {
      searchId: r.search_id,
      leadId: r.lead_id,
      userId: r.user_id,
      siteId: r.site_id,
      frequency: r.frequency,
      criteria,
      tx: BigInt(r.tx_id),
      gp: BigInt(r.global_position),
      box: target.box,
      places: target.places,
    };
    this.entries.set(e.searchId, e);
    for (const key of this.keysOf(e)) {
      if (typeof key === 'number') add(this.cells, key, e);
      else add(this.placed, key, e);
    }
    if (!e.box && e.places.length === 0) this.everywhere.add(e);
  }

  private remove(searchId: string): void {
    const e = this.entries.get(searchId);
    if (!e) return;
    this.entries.delete(searchId);
    for (const key of this.keysOf(e)) {
      if (typeof key === 'number') this.cells.get(key)?.delete(e);
      else this.placed.get(key)?.delete(e);
    }
    this.everywhere.delete(e);
  }

  /** Grid cells of the box (-1: too wide for the grid), or the place keys. */
  private keysOf(e: SavedSearchEntry): (number | string)[] {
    const b = e.box;
    if (!b) return [...e.places];
    const lat0 = latCellOf(b.minLat);
    const lat1 = latCellOf(b.maxLat);
    const lng0 = lngCellOf(b.minLng);
    const lng1 = lngCellOf(b.maxLng);
    if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > MAX_CELLS) return [-1];
    const keys: number[] = [];
    for (let a = lat0; a <= lat1; a++) for (let o = lng0; o <= lng1; o++) keys.push(cellKey(a, o));
    return keys;
  }

  private clear(): void {
    this.entries.clear();
    this.cells.clear();
    this.placed.clear();
    this.everywhere.clear();
    this.seen = 0n;
  }
}
