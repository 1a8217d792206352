import type pg from 'pg';
import { type AlertSearchChange, alertSearchChanges, alertSearchesRelation, criteriaOf, targetOf } from '../../../../projections/alerts';
import type { Box, SearchCriteria } from '../../../../projections/search';
import type { PreparedMatch } from '../../../../projections/search';
import type { AlertFrequency } from '../../organizer';
import type { AlertMatch } from './alert-match';
import { SearchBucket } from './search-bucket';

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
  /** Copied from the criteria: the first tests, read for thousands of searches per change. */
  readonly sold: boolean;
  readonly minPrice: number | undefined;
  readonly maxPrice: number | undefined;
  readonly minBeds: number | undefined;
  /** The alert this search makes alone (shared, never changed: most leads have one search). */
  readonly alone: AlertMatch;
  /** The criteria as the SearchIndex port tests them, prepared once. */
  readonly prepared: PreparedMatch;
  /** Shared by the lead's searches: how many it has (one needs no merging of matches). */
  readonly lead: { searches: number };
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

type Row = AlertSearchChange;

/**
 * Two grids over the boxes: cells of 0.02° (a drawn neighbourhood or a few-mile radius covers a
 * handful, and a cell holds few of them) and of 0.5° for larger areas (a county); a box over
 * more than MAX_CELLS of those (a state) is tested against every change.
 */
const FINE_PER_DEGREE = 50;
const COARSE_PER_DEGREE = 2;
const MAX_CELLS = 400;

const cellOf = (deg: number, offset: number, perDegree: number) => Math.floor((deg + offset) * perDegree);
const keyOf = (latCell: number, lngCell: number, perDegree: number) => latCell * (361 * perDegree) + lngCell;
const fineKeyOf = (lat: number, lng: number) => keyOf(cellOf(lat, 90, FINE_PER_DEGREE), cellOf(lng, 180, FINE_PER_DEGREE), FINE_PER_DEGREE);
const coarseKeyOf = (lat: number, lng: number) => keyOf(cellOf(lat, 90, COARSE_PER_DEGREE), cellOf(lng, 180, COARSE_PER_DEGREE), COARSE_PER_DEGREE);

/** Files an entry under a key (put) or takes it out. */
function toggle<K>(map: Map<K, SearchBucket<SavedSearchEntry>>, key: K, e: SavedSearchEntry, put: boolean): void {
  let bucket = map.get(key);
  if (!put) {
    bucket?.remove(e);
    if (bucket?.size === 0) map.delete(key);
    return;
  }
  if (!bucket) map.set(key, (bucket = new SearchBucket()));
  bucket.add(e);
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
  private readonly fine = new Map<number, SearchBucket<SavedSearchEntry>>();
  private readonly coarse = new Map<number, SearchBucket<SavedSearchEntry>>();
  /** 'wide': boxes too large for the grids, tested by box; 'everywhere': searches with no place at all. */
  private readonly always = new Map<'wide' | 'everywhere', SearchBucket<SavedSearchEntry>>();
  private readonly placed = new Map<string, SearchBucket<SavedSearchEntry>>();
  private readonly perLead = new Map<string, { searches: number }>();
  private seen = 0n;
  private relation: string | null = null;

  /**
   * `prepare`: the SearchIndex port's prepareMatch (criteria made ready once, tested at every
   * change); `loadBatch`: rows read per query while following the table.
   */
  constructor(
    private readonly prepare: (criteria: SearchCriteria) => PreparedMatch,
    private readonly loadBatch = 20_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Takes in every change of alert_searches since the last call (all of it the first time or after a rebuild). */
  async refresh(db: pg.ClientBase): Promise<void> {
    const oid = await alertSearchesRelation(db);
    if (oid !== this.relation) {
      this.clear();
      this.relation = oid;
    }
    if (oid === null) return;
    for (;;) {
      const rows = await alertSearchChanges(db, this.seen, this.loadBatch);
      for (const r of rows) this.apply(r);
      if (rows.length > 0) this.seen = BigInt(rows[rows.length - 1]!.seq);
      if (rows.length < this.loadBatch) return;
    }
  }

  /**
   * The live searches that could match a listing at this place and that existed before the
   * change at (tx, gp): inside their box or sharing a place key, the same status group, inside
   * their price band and bedrooms. A listing has one key of each kind and a search's keys are
   * all of one kind, so no search is found twice.
   */
  candidates(l: ListingPlace, tx: bigint, gp: bigint): SavedSearchEntry[] {
    const found: SavedSearchEntry[] = [];
    const probe = { lat: l.latitude, lng: l.longitude, sold: l.sold, price: l.price, beds: l.beds };
    this.fine.get(fineKeyOf(probe.lat, probe.lng))?.scan(probe, found);
    this.coarse.get(coarseKeyOf(probe.lat, probe.lng))?.scan(probe, found);
    this.always.get('wide')?.scan(probe, found);
    for (const key of l.places) this.placed.get(key)?.scan(probe, found);
    this.always.get('everywhere')?.scan(probe, found);
    return found.filter((e) => e.tx < tx || (e.tx === tx && e.gp < gp));
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
      sold: criteria.sold,
      minPrice: criteria.minPrice,
      maxPrice: criteria.maxPrice,
      minBeds: criteria.minBeds,
      alone: { leadId: r.lead_id, userId: r.user_id, siteId: r.site_id, reason: 'search', searchIds: [r.search_id], frequency: r.frequency },
      prepared: this.prepare(criteria),
      lead: this.perLead.get(r.lead_id) ?? { searches: 0 },
    };
    this.entries.set(e.searchId, e);
    e.lead.searches++;
    this.perLead.set(e.leadId, e.lead);
    // A search that sends nothing is kept (its frequency may change back) but never scanned.
    if (e.frequency !== 'never') this.file(e, true);
  }

  private remove(searchId: string): void {
    const e = this.entries.get(searchId);
    if (!e) return;
    this.entries.delete(searchId);
    if (--e.lead.searches === 0) this.perLead.delete(e.leadId);
    if (e.frequency !== 'never') this.file(e, false);
  }

  /** Puts the search in (or takes it out of) the cells of its box, its place keys or the always-tested set. */
  private file(e: SavedSearchEntry, put: boolean): void {
    const b = e.box;
    if (!b) {
      for (const key of new Set(e.places)) toggle(this.placed, key, e, put);
      if (e.places.length === 0) toggle(this.always, 'everywhere', e, put);
      return;
    }
    for (const [grid, perDegree] of [
      [this.fine, FINE_PER_DEGREE],
      [this.coarse, COARSE_PER_DEGREE],
    ] as const) {
      const lat0 = cellOf(b.minLat, 90, perDegree);
      const lat1 = cellOf(b.maxLat, 90, perDegree);
      const lng0 = cellOf(b.minLng, 180, perDegree);
      const lng1 = cellOf(b.maxLng, 180, perDegree);
      if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > MAX_CELLS) continue;
      for (let a = lat0; a <= lat1; a++) {
        for (let o = lng0; o <= lng1; o++) toggle(grid, keyOf(a, o, perDegree), e, put);
      }
      return;
    }
    toggle(this.always, 'wide', e, put);
  }

  private clear(): void {
    this.entries.clear();
    this.perLead.clear();
    this.fine.clear();
    this.coarse.clear();
    this.always.clear();
    this.placed.clear();
    this.seen = 0n;
  }
}
