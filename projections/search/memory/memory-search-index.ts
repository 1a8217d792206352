import { compareCheckpoints, type Checkpoint, type EventStore, positionOf, START, type Subscription } from '../../../src/eventstore/event-store.port';
import type { StoredEvent } from '../../../src/shared/event';
import { compile, type MatchRow, passes } from '../postgres/criteria-match';
import type { PostgresSearchIndex } from '../postgres/postgres-search-index';
import { evolveDoc, searchProjection } from '../postgres/search-listings.projection';
import type { SearchCriteria } from '../search-criteria';
import { FINE, viewportOnly } from '../postgres/viewport-aggregates';
import { deriveSearchFields, groupOf, type SearchDoc } from '../search-document';
import {
  type IndexedListing,
  type MapQuery,
  type MapResult,
  type MatchRequest,
  type PreparedMatch,
  SearchIndex,
  type SearchPage,
  type Suggestion,
  type SuggestionKind,
} from '../search-index.port';
import { ListingColumns } from './listing-columns';
import { FirstK, firstOf, mapOf, matchAll, pinOf, Slices, sortKeyOf, widePolygons } from './memory-query';
import { logger } from '../../../src/shared/logger';
import { encodeSnapshot, loadSnapshot, saveSnapshot } from './memory-snapshot';
import { listingOf, shownPublicly, slotReader, startingWithOf } from './memory-cards';

/** Columns and the place in the log they reflect. */
type Built = { columns: ListingColumns; checkpoint: Checkpoint };

export type MemoryIndexOptions = {
  /** Events per read while catching up. */
  readonly batchSize?: number;
  /** The longest a search waits for events committed before it to be applied (then it answers with what it has). */
  readonly freshnessWaitMs?: number;
  /** The longest a search may scan (SEARCH_STATEMENT_TIMEOUT_MS): past it, it fails as a statement timeout does. */
  readonly scanBudgetMs?: number;
  /** Where snapshots go (see memory-snapshot.ts), and how often one is taken while events come in. */
  readonly snapshot?: { readonly file: string; readonly identity: string; readonly everyMs: number };
};

const FOLDED_TYPES = searchProjection.eventTypes;

/** Polygons of more points than people draw (see widePolygons) are PostgreSQL's; everything else is answered here. */
const fromTables = widePolygons;
const log = logger('memory-search');
/**
 * Events a rebuild folds between two reads: the fold runs on the thread that answers searches,
 * which wait while a batch is folded (at 1M, batches of 5,000 under load put the searches' p99
 * during the rebuild at 15.8 s).
 */
const REBUILD_BATCH = 500;

/**
 * The default SearchIndex (SEARCH_INDEX=memory): each instance holds every listing's search
 * fields in memory (ListingColumns) and answers searches, maps and alert matches from them
 * without a database round trip. It is a projection like any other, fed by its own event
 * subscription with the PostgreSQL search projection's own fold (evolveDoc), so both indexes
 * hold the same listings. Cards, autocomplete (suggest-terms.ts) and the listing picker are
 * answered from the columns too, and so is every map (cell counts and pins from the map cells'
 * postings, fine-cells.ts) and drawn polygons (polygon-cells.ts); only polygons of more than 200
 * points in all (fromTables: an attack's shape) go to the PostgreSQL search table (`tables`).
 *
 * Reads are as fresh as PostgreSQL's: a search first waits (up to freshnessWaitMs) until this
 * instance has applied every event committed before it began (one `lastCommitted` read shared
 * by all the searches that arrive meanwhile).
 */
export class MemorySearchIndex extends SearchIndex {
  private built: Built;
  private subscription: Subscription | undefined;
  /** Batches and swaps run one at a time. */
  private lock: Promise<void> = Promise.resolve();
  private head: Promise<Checkpoint> | undefined;
  private nextHead: Promise<Checkpoint> | undefined;
  private waiters: { until: Checkpoint; resolve: () => void }[] = [];
  private rebuilding: Promise<number> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly tables: PostgresSearchIndex,
    private readonly options: MemoryIndexOptions = {},
    from: Built = { columns: new ListingColumns(), checkpoint: START },
  ) {
    super();
    this.built = from;
  }

  /** Listings held (for the bench and the status page). */
  get size(): number {
    return this.built.columns.size;
  }

  get checkpoint(): Checkpoint {
    return this.built.checkpoint;
  }

  /** An index started from its snapshot (when there is one of this log), then caught up from the log. */
  static async open(store: EventStore, tables: PostgresSearchIndex, options: MemoryIndexOptions = {}): Promise<MemorySearchIndex> {
    const snap = options.snapshot ? await loadSnapshot(options.snapshot.file, options.snapshot.identity) : undefined;
    const index = new MemorySearchIndex(store, tables, options, snap);
    index.savedAt = { checkpoint: index.built.checkpoint, time: Date.now() };
    await index.start();
    return index;
  }

  /** Subscribes from where the columns are and resolves once caught up with what was committed at the call. */
  async start(): Promise<void> {
    if (this.subscription) return;
    this.subscription = this.store.subscribe({
      from: this.built.checkpoint,
      types: FOLDED_TYPES,
      limit: this.options.batchSize ?? 2000,
      onEvents: (events, next) => this.exclusive(() => this.applyLive(events, next)),
    });
    // All of it, however long: an instance serves only a whole index.
    await this.fresh(Infinity);
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
    for (const w of this.waiters.splice(0)) w.resolve();
    await this.exclusive(async () => {
      if (this.options.snapshot && compareCheckpoints(this.built.checkpoint, this.savedAt.checkpoint) > 0) await this.saveNow();
    });
    await this.saving;
  }

  /** Nest's shutdown hook: the instance that serves searches takes its snapshot on the way out. */
  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  private savedAt: { checkpoint: Checkpoint; time: number } = { checkpoint: START, time: Date.now() };
  private saving: Promise<void> = Promise.resolve();

  /** Encodes now (between batches, so columns and checkpoint agree) and writes in the background. */
  private saveNow(): Promise<void> {
    const snap = this.options.snapshot!;
    const bytes = encodeSnapshot(this.built.columns, this.built.checkpoint, snap.identity);
    this.savedAt = { checkpoint: this.built.checkpoint, time: Date.now() };
    this.saving = this.saving
      .then(() => saveSnapshot(snap.file, bytes))
      .catch((e: unknown) => log.warn('search snapshot not written', { message: (e as Error).message }));
    return this.saving;
  }

  /**
   * A rebuild from the log: new columns are built off to the side while these keep serving,
   * brought up to the live checkpoint, then swapped in. Answers the seconds it took.
   */
  rebuild(): Promise<number> {
    this.rebuilding ??= (async () => {
      const started = performance.now();
      const fresh: Built = { columns: new ListingColumns(this.built.columns.count > 0 ? this.built.columns.count : 1024), checkpoint: START };
      await catchUp(this.store, fresh, await this.store.head(), REBUILD_BATCH);
      await this.exclusive(async () => {
        // Whatever the live subscription applied meanwhile, the new columns read too; then they take over.
        await catchUp(this.store, fresh, this.built.checkpoint, REBUILD_BATCH);
        this.built = fresh;
      });
      return (performance.now() - started) / 1000;
    })().finally(() => (this.rebuilding = undefined));
    return this.rebuilding;
  }

  private async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async applyLive(events: StoredEvent[], next: Checkpoint): Promise<void> {
    apply(this.built, events, next);
    const snap = this.options.snapshot;
    if (snap && Date.now() - this.savedAt.time >= snap.everyMs && compareCheckpoints(this.built.checkpoint, this.savedAt.checkpoint) > 0) void this.saveNow();
    this.waiters = this.waiters.filter((w) => {
      if (compareCheckpoints(this.built.checkpoint, w.until) < 0) return true;
      w.resolve();
      return false;
    });
  }

  /**
   * Waits until every event committed before the call (or up to `seen`) is applied (one head read
   * for all who wait at once). The head is read only when an append was heard since the index
   * last caught up (EventStore.appendsHeard): while the log stands still a search sends no
   * statement. Another instance's append is heard through its NOTIFY, a moment after its commit;
   * one whose NOTIFY is lost the subscription's own poll reads within PROJECTION_POLL_MS.
   */
  private async fresh(waitMs = this.options.freshnessWaitMs ?? 5000, seen?: Checkpoint): Promise<void> {
    if (!this.subscription) return;
    // Nothing appended since the index last reached a head read after the count was taken: it holds everything.
    const heard = seen ? undefined : this.store.appendsHeard();
    if (heard !== undefined && heard === this.quietAt) return;
    const until = seen ?? (await this.readHead());
    if (compareCheckpoints(this.built.checkpoint, until) >= 0) return this.quiet(heard);
    // Appends of other types (a lead's) do not wake this index's subscription: this search does.
    this.subscription.wake?.();
    await new Promise<void>((resolve) => {
      const timer = waitMs === Infinity ? undefined : setTimeout(resolve, waitMs);
      timer?.unref();
      this.waiters.push({ until, resolve: () => (clearTimeout(timer), resolve()) });
    });
    if (compareCheckpoints(this.built.checkpoint, until) >= 0) this.quiet(heard);
  }

  /** The count of appends heard (EventStore.appendsHeard) at which the index was last seen whole. */
  private quietAt: number | undefined;

  private quiet(heard: number | undefined): void {
    if (heard !== undefined && !(heard <= (this.quietAt ?? -1))) this.quietAt = heard;
  }

  /**
   * The log's last committed place, read after the call: a read already under way may have
   * started before the caller's own write committed, so callers then share the next one.
   */
  private readHead(): Promise<Checkpoint> {
    if (!this.head) return (this.head = this.store.lastCommitted().finally(() => (this.head = undefined)));
    return (this.nextHead ??= this.head
      .catch(() => undefined)
      .then(() => {
        this.nextHead = undefined;
        return this.readHead();
      }));
  }

  async search(c: SearchCriteria, page: SearchPage): Promise<{ total: number; pdids: string[] }> {
    if (fromTables(c)) return this.tables.search(c, page);
    await this.fresh();
    const cols = this.built.columns;
    const time = new Slices(this.options.scanBudgetMs);
    const m = await matchAll(cols, c, time);
    const first = await firstOf(cols, m, sortKeyOf(cols, c), page.offset + page.limit, false, time);
    return { total: m.n, pdids: first.slice(page.offset).map((s) => cols.pdidOf(s)!) };
  }

  async map(c: SearchCriteria, q: MapQuery): Promise<MapResult> {
    if (fromTables(c)) return this.tables.map(c, q);
    await this.fresh();
    const cols = this.built.columns;
    const level = Math.max(0, Math.floor(q.clusterLevel));
    const g = groupOf(c);
    // A status and a viewport over cells of several listings each: counts, sums and bounds from the
    // map cells, and the pins chosen as the same pass reads them. Zoomed in past the cells, a box's
    // cells (unless a scan finds its listings sooner): each listing read from its cell's points.
    const within = !viewportOnly(c)
      ? undefined
      : level <= FINE
        ? cols.fine.denseCells(g, c.box)
        : c.box && !cols.fine.scanSooner(g, c.box, cols.count)
          ? cols.fine.cellsIn(g, c.box)
          : undefined;
    if (within) {
      const runs = c.sort === 'nearest' ? undefined : cols.fine.runsOf(c.sort);
      const pins = q.pins > 0 ? new FirstK(cols, sortKeyOf(cols, c), q.pins, true, runs) : undefined;
      // No budget (a status and a box cost at most one look at each listing), but slices.
      const { total, bounds, clusters } = await cols.fine.summary(g, c.box, level, cols.f.lat, cols.f.lng, pins, new Slices(), within);
      return { total, pins: (pins?.inOrder() ?? []).map((s) => pinOf(cols, s)), bounds, clusters };
    }
    const time = new Slices(this.options.scanBudgetMs);
    const m = await matchAll(cols, c, time);
    const { bounds, clusters } = mapOf(cols, m, q.clusterLevel, c.box);
    // A status and a viewport read from the cells (not walked country-wide): the pins from the cells' runs in sort order, a few slots a cell, not a look at every match.
    let first: number[];
    if (viewportOnly(c) && c.box && c.sort !== 'nearest' && q.pins > 0 && !cols.fine.scanSooner(g, c.box, cols.count)) {
      const pins = new FirstK(cols, sortKeyOf(cols, c), q.pins, true, cols.fine.runsOf(c.sort));
      await cols.fine.offerIn(g, c.box, pins, time);
      first = pins.inOrder();
    } else first = await firstOf(cols, m, sortKeyOf(cols, c), q.pins, true, time);
    return { total: m.n, pins: first.map((s) => pinOf(cols, s)), bounds, clusters };
  }

  /**
   * The same index with its PostgreSQL reads (wide polygons) sent elsewhere: a visitor's
   * search runs them on the search pool, under its statement timeout.
   */
  over(tables: PostgresSearchIndex): SearchIndex {
    return new MemoryIndexOver(this, tables);
  }

  /** Cards from the columns, as fresh as searches are. */
  async listings(pdids: readonly string[]): Promise<IndexedListing[]> {
    await this.fresh();
    const cols = this.built.columns;
    return pdids.flatMap((pdid) => {
      const slot = cols.slotOf(pdid);
      return slot === undefined || !shownPublicly(cols, slot) ? [] : [listingOf(cols, slot)];
    });
  }

  /** A page of cards in one go: the matches and their cards from the same columns. */
  override async page(c: SearchCriteria, page: SearchPage): Promise<{ total: number; listings: IndexedListing[] }> {
    if (fromTables(c)) return super.page(c, page);
    await this.fresh();
    const cols = this.built.columns;
    const time = new Slices(this.options.scanBudgetMs);
    const m = await matchAll(cols, c, time);
    const first = await firstOf(cols, m, sortKeyOf(cols, c), page.offset + page.limit, false, time);
    return { total: m.n, listings: first.slice(page.offset).flatMap((slot) => (shownPublicly(cols, slot) ? [listingOf(cols, slot)] : [])) };
  }

  async matchEach(items: readonly MatchRequest[], seen?: Checkpoint): Promise<boolean[][]> {
    await this.fresh(undefined, seen);
    const cols = this.built.columns;
    return items.map(({ pdid, criteria }) => {
      const slot = cols.slotOf(pdid);
      const row = slot === undefined ? undefined : matchRowOf(cols.docOf(slot));
      return criteria.map((p) => row !== undefined && passes((p as Compiled).checks ?? compile(p.criteria), row));
    });
  }

  prepareMatch(criteria: SearchCriteria): PreparedMatch {
    const prepared: Compiled = { criteria, checks: compile(criteria) };
    return prepared;
  }

  async suggest(kinds: readonly SuggestionKind[], term: string, limit: number): Promise<Suggestion[]> {
    await this.fresh();
    const cols = this.built.columns;
    return cols.terms.suggest(slotReader(cols), cols.count, kinds, term, limit);
  }

  async mlsUpdates(mls: readonly string[]): Promise<Map<string, string>> {
    await this.fresh();
    const held = this.built.columns.mlsUpdates;
    return new Map(mls.flatMap((m) => (held.has(m) ? [[m, held.get(m)!] as const] : [])));
  }

  async startingWith(term: string, limit: number): Promise<IndexedListing[]> {
    await this.fresh();
    return startingWithOf(this.built.columns, term, limit);
  }
}

/** See MemorySearchIndex.over: what the index holds from memory, the rest from `tables`. */
class MemoryIndexOver extends SearchIndex {
  constructor(
    private readonly memory: MemorySearchIndex,
    private readonly tables: PostgresSearchIndex,
  ) {
    super();
  }

  search(c: SearchCriteria, page: SearchPage) {
    return fromTables(c) ? this.tables.search(c, page) : this.memory.search(c, page);
  }
  map(c: SearchCriteria, q: MapQuery) {
    return fromTables(c) ? this.tables.map(c, q) : this.memory.map(c, q);
  }
  matchEach(items: readonly MatchRequest[], seen?: Checkpoint) {
    return this.memory.matchEach(items, seen);
  }
  prepareMatch(criteria: SearchCriteria) {
    return this.memory.prepareMatch(criteria);
  }
  mlsUpdates(mls: readonly string[]) {
    return this.memory.mlsUpdates(mls);
  }
  override page(c: SearchCriteria, page: SearchPage) {
    return fromTables(c) ? super.page(c, page) : this.memory.page(c, page);
  }
  listings(pdids: readonly string[]) {
    return this.memory.listings(pdids);
  }
  suggest(kinds: readonly SuggestionKind[], term: string, limit: number) {
    return this.memory.suggest(kinds, term, limit);
  }
  startingWith(term: string, limit: number) {
    return this.memory.startingWith(term, limit);
  }
}

type Compiled = PreparedMatch & { readonly checks?: ReturnType<typeof compile> };

/** A listing as criteria-match reads a search_listings row: alerts match by the very checks PostgreSQL's adapter runs. */
function matchRowOf(doc: SearchDoc): MatchRow {
  const r = doc.record;
  const d = deriveSearchFields(doc);
  return {
    grp: d.grp,
    price: d.price,
    beds: r.BedroomsTotal,
    baths: r.BathroomsTotalInteger,
    sqft: r.LivingArea,
    lat: r.Latitude,
    lng: r.Longitude,
    ux: d.ux,
    uy: d.uy,
    uz: d.uz,
    kinds: d.kinds,
    waterfront: r.WaterfrontYN,
    view: r.ViewYN,
    pool: r.PoolPrivateYN,
    new_construction: r.NewConstructionYN,
    price_reduced: d.priceReduced,
    city_key: d.cityKey,
    county_key: d.countyKey,
    zip5: d.zip5,
    mlsid_key: d.mlsidKey,
    open_house_until: d.openHouseUntil === null ? null : Date.parse(d.openHouseUntil),
    words: d.words,
  };
}

/** Folds a batch into the columns: each listing once, from what it was before the batch (as the PostgreSQL projection does). */
function apply(built: Built, events: readonly StoredEvent[], next: Checkpoint): void {
  const cols = built.columns;
  // The live subscription may offer what a rebuild already read.
  const fresh = events.filter((e) => compareCheckpoints(positionOf(e), built.checkpoint) > 0);
  const before = new Map<string, SearchDoc | undefined>();
  const after = new Map<string, SearchDoc | undefined>();
  // Each MLS's latest change in the batch, as a number: one date made per MLS, not per event.
  const latest = new Map<string, number>();
  for (const e of fresh) {
    const pdid = (e.data as { pdid: string }).pdid;
    if (!before.has(pdid)) {
      const slot = cols.slotOf(pdid);
      const doc = slot === undefined ? undefined : cols.docOf(slot);
      before.set(pdid, doc);
      after.set(pdid, doc);
    }
    after.set(pdid, evolveDoc(after.get(pdid), e));
    // A visitor's broken-photo report is not an update of the MLS's data (as noteUpdates in the PostgreSQL projection).
    if (e.type !== 'ListingPhotoReportedBroken') {
      const mls = pdid.slice(0, pdid.indexOf('-'));
      const at = Date.parse(e.metadata.at);
      if (!(at <= (latest.get(mls) ?? -Infinity))) latest.set(mls, at);
    }
  }
  for (const [mls, ms] of latest) {
    const at = new Date(ms).toISOString();
    if ((cols.mlsUpdates.get(mls) ?? '') < at) cols.mlsUpdates.set(mls, at);
  }
  for (const [pdid, doc] of after) {
    const was = before.get(pdid);
    if (doc) cols.put(doc, was);
    else if (was) cols.remove(pdid, was);
  }
  if (compareCheckpoints(next, built.checkpoint) > 0) built.checkpoint = next;
}

/** Reads the log from the columns' checkpoint until `until`, folding it in. */
async function catchUp(store: EventStore, built: Built, until: Checkpoint, limit: number): Promise<void> {
  while (compareCheckpoints(built.checkpoint, until) < 0) {
    const page = await store.readAll(built.checkpoint, { types: FOLDED_TYPES, limit });
    apply(built, page.events, page.next);
    if (page.atEnd) {
      // Committed but not yet visible: look again shortly.
      if (compareCheckpoints(built.checkpoint, until) < 0) await new Promise((r) => setTimeout(r, 5));
    }
  }
}
