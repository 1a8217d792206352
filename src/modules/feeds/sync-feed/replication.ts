import type { FeedCheckpoint, PagingStrategy } from '../feeds.events';
import { feedInstant } from '../feed-time';
import { FeedProtocolError } from '../reso-client/feed-errors';
import type { ODataPage } from '../reso-client/reso-client';

/** One record as the server sent it, with its key and its ModificationTimestamp as an instant. */
export type ReplicatedRecord = { readonly raw: Record<string, unknown>; readonly key: string | null; readonly ts: string | null };

export type ReplicationOptions = {
  readonly resourceUrl: (query: Readonly<Record<string, string | undefined>>) => string;
  readonly page: (url: string) => Promise<ODataPage>;
  readonly from: FeedCheckpoint | null;
  /** The feed's own $filter, ANDed with the replication filter. */
  readonly filter: string | null;
  readonly pageSize: number;
  readonly paging: PagingStrategy;
  readonly timeZone: string;
  /** $expand to ask for (Media, OpenHouse); dropped if the server refuses it. */
  readonly expand: readonly string[];
};

/** Consecutive nextLink pages without one new record before the server is deemed to loop. */
const STALE_NEXTLINK_PAGES = 3;

/**
 * Replication of the Property resource from a checkpoint, page by page, the way vendors'
 * replication clients do it:
 *  - one query `ModificationTimestamp ge T` ordered by ModificationTimestamp then ListingKey
 *    (`ge`, not `gt`: a record that arrived later at exactly T is still found; the keys already
 *    imported at T are dropped, so none comes twice);
 *  - @odata.nextLink is followed whenever the server gives one (auto, nextLink);
 *  - without one (auto, skip), the next page is a fresh query from the newest timestamp seen
 *    (keyset paging: records modified during the sync move to the end instead of shifting a
 *    $skip window over one not yet read), with $skip only inside a group of records sharing one
 *    timestamp, and a small overlap whose repeats are dropped;
 *  - a page shorter than $top is the end only once the server has shown it gives full pages
 *    (a server that caps $top gives short pages all along): otherwise one more query says;
 *  - a page of nothing new where more was asked for stops with an error naming what the server
 *    ignores ($skip, $filter) or that its nextLinks go round, rather than looping or stopping
 *    early; @odata.count (asked once) is compared with what came, and a shortfall after the
 *    nextLinks ran out is chased with keyset queries.
 */
export class Replication {
  /** The newest timestamp seen and the keys seen at it (starting from the checkpoint). */
  private t: string | null;
  private keysAtT: Set<string>;
  expectedTotal: number | null = null;
  /** Records the first query covered that were already imported (at the checkpoint's timestamp). */
  private skippedAtCheckpoint = 0;
  fresh = 0;
  expandRefused = false;
  readonly warnings: string[] = [];
  /** How the queries are asked: what the server accepted on the first one (see fetchPage). */
  private query: { expand: readonly string[]; top: number; count: boolean; orderby: boolean };

  constructor(private readonly o: ReplicationOptions) {
    this.t = o.from?.ModificationTimestamp ?? null;
    this.keysAtT = new Set(o.from?.keys ?? []);
    this.query = { expand: o.expand, top: o.pageSize, count: true, orderby: true };
  }

  async *pages(): AsyncGenerator<ReplicatedRecord[]> {
    let nextLink: string | null = null;
    let mode: 'first' | 'nextLink' | 'keyset' = 'first';
    const followedLinks = new Set<string>();
    let staleLinkPages = 0;
    let largest = 0;
    let bound: string | null = this.t;
    let skip = 0;
    let previous: { readonly firstKey: string | null; readonly length: number; readonly skip: number } | null = null;
    for (;;) {
      const url: string = nextLink ?? this.keysetUrl(bound, skip, mode === 'first');
      const page = await this.fetchPage(url, mode === 'first');
      if (mode === 'first') this.expectedTotal = page.count;
      const records = page.value.map((raw) => this.read(raw));
      const fresh = records.filter((r) => this.take(r, mode !== 'keyset'));
      const short = records.length < this.query.top && records.length < largest;
      largest = Math.max(largest, records.length);
      if (fresh.length > 0) yield fresh;

      if (this.o.paging !== 'skip' && page.nextLink && mode !== 'keyset') {
        if (followedLinks.has(page.nextLink)) throw new FeedProtocolError('The server sent a nextLink it had already sent: its pages go round in a loop');
        followedLinks.add(page.nextLink);
        staleLinkPages = fresh.length === 0 && records.length > 0 ? staleLinkPages + 1 : 0;
        if (staleLinkPages >= STALE_NEXTLINK_PAGES)
          throw new FeedProtocolError(`The server's nextLinks gave ${STALE_NEXTLINK_PAGES} pages in a row of records already received`);
        nextLink = page.nextLink;
        mode = 'nextLink';
        continue;
      }
      if (mode === 'nextLink' || (mode === 'first' && this.o.paging === 'nextLink')) {
        // The nextLinks ran out. Trust them unless the server's own count says records are missing.
        if (this.o.paging === 'nextLink' || !this.shortOfCount()) break;
        this.warnings.push(
          `The server's nextLinks ended after ${this.received()} of the ${this.expectedTotal} records it counted; the rest were asked for by timestamp`,
        );
        nextLink = null;
        mode = 'keyset';
        bound = this.t;
        skip = 0;
        previous = null;
        continue;
      }
      // Keyset paging: the next query starts at the newest timestamp seen.
      nextLink = null;
      if (records.length === 0 || short) break;
      const firstKey = records[0]!.key;
      if (previous && skip > previous.skip && previous.firstKey === firstKey && previous.length === records.length) {
        throw new FeedProtocolError(
          `Asked for records past the first ${skip} at ModificationTimestamp ${bound ?? '(any)'}, the server gave the same page again: it ignores $skip (or $filter). Use a larger page size, or paging nextLink if it gives nextLinks`,
        );
      }
      previous = { firstKey, length: records.length, skip };
      const queried = bound;
      bound = this.t;
      // The records at the new bound in this page are the first of its group (or follow the
      // `skip` already passed when the bound stayed); the next query starts after them, less a
      // small overlap (repeats are dropped) in case records left the group meanwhile.
      const atBound = records.filter((r) => r.ts !== null && r.ts === bound).length;
      const inGroup = bound === queried ? skip + atBound : atBound;
      const overlap = fresh.length === 0 ? 0 : Math.max(1, Math.floor(largest / 10));
      skip = Math.max(0, inGroup - overlap);
      mode = 'keyset';
    }
    if (this.shortOfCount()) this.warnings.push(`The server counted ${this.expectedTotal} records for this sync but gave ${this.received()}`);
  }

  private received(): number {
    return this.fresh + this.skippedAtCheckpoint;
  }

  private shortOfCount(): boolean {
    return this.expectedTotal !== null && this.received() < this.expectedTotal;
  }

  private keysetUrl(bound: string | null, skip: number, first: boolean, q = this.query): string {
    const parts = [this.o.filter ? `(${this.o.filter})` : null, bound ? `ModificationTimestamp ge ${bound}` : null].filter(Boolean);
    return this.o.resourceUrl({
      $filter: parts.length ? parts.join(' and ') : undefined,
      $orderby: q.orderby ? 'ModificationTimestamp,ListingKey' : undefined,
      $top: String(q.top),
      $skip: skip > 0 ? String(skip) : undefined,
      $expand: q.expand.length ? q.expand.join(',') : undefined,
      $count: first && q.count ? 'true' : undefined,
    });
  }

  /**
   * Servers refuse parts of a query with 400 in their own ways ($count or $expand unsupported,
   * a $top above their maximum, no $orderby on the key). The first query tries the simpler
   * forms in turn and keeps the first one answered, with a warning; if none is, the server's
   * first answer is the error. Without $expand, Media and open houses come from their resources;
   * without $orderby, the checkpoint only moves once a sync has read everything (if the records
   * come out of order).
   */
  private async fetchPage(url: string, first: boolean): Promise<ODataPage> {
    try {
      return await this.o.page(url);
    } catch (err) {
      if (!first || !(err instanceof FeedProtocolError) || err.status !== 400) throw err;
      const q = this.query;
      const small = Math.min(q.top, 100);
      const variants = [
        { ...q, count: false },
        { ...q, count: false, top: small },
        { ...q, count: false, expand: [] },
        { ...q, count: false, expand: [], top: small },
        { ...q, count: false, expand: [], top: small, orderby: false },
      ].filter((v, i, all) => all.findIndex((w) => JSON.stringify(w) === JSON.stringify(v)) === i && JSON.stringify(v) !== JSON.stringify(q));
      for (const v of variants) {
        let page: ODataPage;
        try {
          page = await this.o.page(this.keysetUrl(this.t, 0, true, v));
        } catch (again) {
          if (again instanceof FeedProtocolError && again.status === 400) continue;
          throw again;
        }
        this.query = v;
        this.expandRefused = v.expand.length === 0 && q.expand.length > 0;
        const dropped = [
          q.count && 'the $count',
          q.expand.length && !v.expand.length && `$expand=${q.expand.join(',')} (read from the resources instead)`,
          v.top < q.top && `$top=${q.top} (${v.top} asked instead)`,
          !v.orderby && '$orderby',
        ].filter(Boolean);
        this.warnings.push(`The server refused the first query (${err.message}); it answered without ${dropped.join(', ')}`);
        return page;
      }
      throw err;
    }
  }

  private read(raw: Record<string, unknown>): ReplicatedRecord {
    const key = typeof raw.ListingKey === 'string' && raw.ListingKey ? raw.ListingKey : typeof raw.ListingKey === 'number' ? String(raw.ListingKey) : null;
    const ts = typeof raw.ModificationTimestamp === 'string' ? feedInstant(raw.ModificationTimestamp, this.o.timeZone) : null;
    return { raw, key, ts };
  }

  /** Whether a record is new to this sync; moves the newest timestamp and its keys. */
  private take(r: ReplicatedRecord, serverOrder: boolean): boolean {
    if (r.ts !== null && this.t !== null) {
      if (r.ts === this.t && r.key !== null && this.keysAtT.has(r.key)) {
        if (this.o.from && r.ts === this.o.from.ModificationTimestamp && this.o.from.keys.includes(r.key)) this.skippedAtCheckpoint++;
        return false;
      }
      if (r.ts < this.t) {
        // Under keyset paging the query asked for nothing older: a repeat from the overlap.
        if (!serverOrder) return false;
        this.fresh++;
        return true;
      }
    }
    if (r.ts !== null && r.key !== null) {
      if (this.t === null || r.ts > this.t) {
        this.t = r.ts;
        this.keysAtT = new Set([r.key]);
      } else this.keysAtT.add(r.key);
    }
    this.fresh++;
    return true;
  }
}
