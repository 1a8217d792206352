import type pg from 'pg';
import { eventsOf, foldLogInPasses, handledTypes, type Projection } from '../../../../projections/runner';
import { isUpcoming } from '../../../contract/open-house-time';
import { ALERT_CHANGE_QUEUE_MIGRATION } from '../../../database/migrations/052-alert-change-queue';
import { assertNever } from '../../../shared/errors';
import type { StoredEvent } from '../../../shared/event';
import type { ListingEvent, ListingStatus } from '../../listings';
import { ALERTS_PUSH, type AlertChangeKind } from '../alerts.events';

type ListingChange = Extract<
  ListingEvent,
  {
    type:
      | 'ListingListed'
      | 'ListingPriceChanged'
      | 'ListingStatusChanged'
      | 'ListingPhotosChanged'
      | 'ListingOpenHouseAdded'
      | 'ListingOpenHouseChanged'
      | 'ListingOpenHouseCancelled';
  }
>;

const NOT_YET_LISTED: readonly ListingStatus[] = ['Coming Soon', 'Incomplete'];

/** What a listing event means to someone waiting for news of it, if anything; `at` is when it happened (epoch ms). */
export function changeOf(e: ListingChange, at: number): { kind: AlertChangeKind; detail: Record<string, unknown> } | undefined {
  switch (e.type) {
    case 'ListingListed':
      return e.data.listing.StandardStatus === 'Active' ? { kind: 'new', detail: { price: e.data.listing.ListPrice } } : undefined;
    case 'ListingPriceChanged': {
      const { ListPrice: to, previousListPrice: from } = e.data;
      return to !== null && from !== null && to < from ? { kind: 'price-reduced', detail: { from, to } } : undefined;
    }
    case 'ListingStatusChanged': {
      const { StandardStatus: now, previousStatus: before } = e.data;
      // A home never yet on the market (Coming Soon, Incomplete) coming on it is a new listing, not one back.
      if (now === 'Active' && NOT_YET_LISTED.includes(before)) return { kind: 'new', detail: { was: before } };
      if (now === 'Active' && before !== 'Active') return { kind: 'back-on-market', detail: {} };
      if (now === 'Pending' && before !== 'Pending') return { kind: 'pending', detail: {} };
      if (now === 'Closed' && before !== 'Closed') return { kind: 'sold', detail: { closePrice: e.data.ClosePrice } };
      return undefined;
    }
    case 'ListingPhotosChanged': {
      // Photos taken away or reordered are no news; events that predate `added` count as new when any remain.
      const added = e.data.added ?? e.data.photos.length;
      return added > 0 ? { kind: 'new-photos', detail: { photos: added } } : undefined;
    }
    case 'ListingOpenHouseAdded':
    case 'ListingOpenHouseChanged': {
      // A public open house of an Active listing, still to come. A changed one is news when it
      // moved or just became public (the e-mail gives the new times); new remarks alone are not.
      const o = e.data.openHouse;
      if (o.OpenHouseType !== 'Public' || e.data.listingStatus !== 'Active' || !isUpcoming(o, at)) return undefined;
      if (e.type === 'ListingOpenHouseChanged') {
        const p = e.data.previous;
        if (p.OpenHouseType === 'Public' && p.OpenHouseStartTime === o.OpenHouseStartTime && p.OpenHouseEndTime === o.OpenHouseEndTime) return undefined;
      }
      return { kind: 'open-house', detail: { start: o.OpenHouseStartTime, end: o.OpenHouseEndTime } };
    }
    case 'ListingOpenHouseCancelled': {
      // Worth telling only of what the lead could have heard of: a public open house of an
      // Active listing that had not yet ended.
      const o = e.data.openHouse;
      if (!o || o.OpenHouseType !== 'Public' || e.data.listingStatus !== 'Active' || !isUpcoming(o, at)) return undefined;
      return { kind: 'open-house-cancelled', detail: { start: o.OpenHouseStartTime, end: o.OpenHouseEndTime } };
    }
    default:
      return assertNever(e);
  }
}

/**
 * The dispatcher's queue: every listing event that is news to someone waiting for it goes into
 * alert_changes (a plain table the dispatcher owns) in the transaction that moves this queue's
 * checkpoint, keyed by the event id, so a restart queues nothing twice; changes of one record
 * (one transaction) are folded into one row. It has no tables of its own, so it is never rebuilt
 * and never alerts again; events from before it existed (migration 58) were queued by the alerts
 * read model and are not queued here. The dispatcher, beside it, matches a change once the
 * search index and the saved searches have passed it.
 */
export const alertChangesQueue: Projection = {
  name: 'alert_changes',
  version: 1,
  eventTypes: handledTypes<ListingChange>()([
    'ListingListed',
    'ListingPriceChanged',
    'ListingStatusChanged',
    'ListingPhotosChanged',
    'ListingOpenHouseAdded',
    'ListingOpenHouseChanged',
    'ListingOpenHouseCancelled',
  ]),
  tables: [],
  async createTables() {},
  async apply(events, ctx) {
    const changes = eventsOf<ListingChange>(events).flatMap((e) => {
      const change = changeOf(e, Date.parse(e.metadata.at));
      return change ? [{ e, change }] : [];
    });
    const fold: Folding = {
      here: new Map(),
      fresh: [],
      earlier: await earlierOfFirstTransaction(
        ctx.tx,
        changes.map((c) => c.e),
      ),
    };
    for (const { e, change } of changes) await queueChange(ctx.tx, e, e.data.pdid, change, fold);
    const queued = await insertFresh(ctx.tx, fold.fresh);
    if (queued > 0) ctx.signal({ signal: ALERTS_PUSH, payload: { queued } });
  },
  /**
   * A first start over a long log (an import, a million "new" listings): the changes folded by
   * record in memory, as `apply` folds them, and written in statements of INSERT_ROWS. Batch by
   * batch, each read whole events through the store and looked for the rows its first record
   * queued before. The dispatcher finds the queue on its next sweep.
   */
  async replay(ctx) {
    let fold: Folding = { here: new Map(), fresh: [], earlier: new Map() };
    return foldLogInPasses(
      ctx,
      this.eventTypes,
      EVENTS_PER_PASS,
      (logged) => {
        const e = logged as unknown as Positioned & ListingChange;
        const change = changeOf(e, Date.parse(e.metadata.at));
        if (change) foldFresh(e, e.data.pdid, change, fold, fold.here.get(`${e.transactionId} ${e.data.pdid}`) as Fresh | undefined);
      },
      async () => {
        for (let i = 0; i < fold.fresh.length; i += INSERT_ROWS) await insertFresh(ctx.tx, fold.fresh.slice(i, i + INSERT_ROWS));
        fold = { here: new Map(), fresh: [], earlier: new Map() };
      },
      // Of a listed listing's record only what changeOf reads: the record is most of what an import's log holds.
      { ListingListed: { pdid: true, listing: ['StandardStatus', 'ListPrice'] } },
    );
  },
};

/** Changes held in memory at once in a bulk replay (about 300 bytes each): a longer log is read once per share of the listings. */
const EVENTS_PER_PASS = 500_000;
/** Changes per INSERT of a bulk replay. */
const INSERT_ROWS = 10_000;

/** What the fold reads of an event's place in the log. */
type Positioned = Pick<StoredEvent, 'eventId' | 'transactionId' | 'globalPosition'> & { readonly metadata: { readonly at: string } };

type Change = { kind: AlertChangeKind; detail: Record<string, unknown> };

/** Which change of one record heads its alert: the news a saved search hears of first, then the rest by weight. */
const RANK: readonly AlertChangeKind[] = ['new', 'back-on-market', 'price-reduced', 'sold', 'pending', 'open-house-cancelled', 'open-house', 'new-photos'];

/**
 * One record can change a listing in several ways at once (relisted at a lower price: back on
 * the market and price reduced). They are one change to the lead, so one alert: the weightier
 * kind heads it and the others ride along in `detail.also` (the e-mail says all of them).
 */
export function mergeChanges(a: Change, b: Change): Change {
  const parts = [a, ...((a.detail.also as Change[] | undefined) ?? []), b].map((c) => ({ kind: c.kind, detail: withoutAlso(c.detail) }));
  parts.sort((x, y) => RANK.indexOf(x.kind) - RANK.indexOf(y.kind));
  const [head, ...also] = parts.filter((c, i) => parts.findIndex((d) => d.kind === c.kind) === i);
  return { kind: head!.kind, detail: also.length ? { ...head!.detail, also } : head!.detail };
}

const withoutAlso = (d: Record<string, unknown>): Record<string, unknown> => {
  const { also: _also, ...rest } = d;
  return rest;
};

type Queued = { event_id: string; kind: AlertChangeKind; detail: Record<string, unknown> };
/** A change of this batch, written with the others once the batch is folded. */
type Fresh = Queued & { pdid: string; tx_id: bigint; global_position: bigint; at: string };
/**
 * The changes this batch queued, by transaction and listing (`fresh` ones not yet written), and
 * the unmatched rows of the batch's first transaction already in the table, by the same key,
 * newest first (it may have begun in the batch before).
 */
type Folding = { here: Map<string, Queued | Fresh>; fresh: Fresh[]; earlier: Map<string, (Queued & { global_position: bigint })[]> };
/** How far back in the log the earlier change of the same record can be: its own few events. */
const RECORD_SPAN = 1000;

/**
 * The unmatched rows the batch's first transaction queued in earlier batches, for the listings it
 * changes here: one read for the batch, locked, so the dispatcher cannot match one before it is
 * folded. Only the first transaction can have begun in an earlier batch.
 */
async function earlierOfFirstTransaction(tx: pg.PoolClient, events: readonly StoredEvent<ListingChange>[]): Promise<Folding['earlier']> {
  const first = events[0]?.transactionId;
  const ofFirst = events.filter((e) => e.transactionId === first);
  const earlier: Folding['earlier'] = new Map();
  if (first === undefined || ofFirst.length === 0) return earlier;
  const { rows } = await tx.query<Queued & { pdid: string; global_position: string }>(
    `SELECT event_id, pdid, kind, detail, global_position::text FROM alert_changes
      WHERE tx_id = $1 AND global_position BETWEEN $2 AND $3 AND matched_at IS NULL AND pdid = ANY($4::text[])
      ORDER BY global_position DESC FOR UPDATE`,
    [
      first.toString(),
      (ofFirst[0]!.globalPosition - BigInt(RECORD_SPAN)).toString(),
      ofFirst[ofFirst.length - 1]!.globalPosition.toString(),
      [...new Set(ofFirst.map((e) => e.data.pdid))],
    ],
  );
  for (const { pdid, global_position, ...row } of rows) {
    const key = `${first} ${pdid}`;
    earlier.set(key, [...(earlier.get(key) ?? []), { ...row, global_position: BigInt(global_position) }]);
  }
  return earlier;
}

/**
 * Queues a change, folded into the change of the same listing queued by the same transaction
 * (one imported record) while the dispatcher has not matched it yet; the folded row takes the
 * later position, so it is matched once the search index shows the whole record. The dispatcher
 * locks the rows it matches, so a change is either folded before matching or queued on its own.
 * Changes new to this batch are written together at its end (insertFresh); a change folded into
 * a row of an earlier batch updates that row.
 */
async function queueChange(tx: pg.PoolClient, e: StoredEvent, pdid: string, change: Change, fold: Folding): Promise<void> {
  const key = `${e.transactionId} ${pdid}`;
  const earlier =
    fold.here.get(key) ??
    fold.earlier
      .get(`${e.transactionId} ${pdid}`)
      ?.find((r) => r.global_position >= e.globalPosition - BigInt(RECORD_SPAN) && r.global_position <= e.globalPosition && r.event_id !== e.eventId);
  if (earlier && !isFresh(earlier)) {
    const merged = mergeChanges(earlier, change);
    await tx.query('UPDATE alert_changes SET kind = $2, detail = $3, global_position = greatest(global_position, $4) WHERE event_id = $1', [
      earlier.event_id,
      merged.kind,
      JSON.stringify(merged.detail),
      e.globalPosition.toString(),
    ]);
    fold.here.set(key, { event_id: earlier.event_id, ...merged });
    return;
  }
  foldFresh(e, pdid, change, fold, earlier);
}

/** Folds a change into the change of its record this batch queued (`earlier`), or queues it as new. */
function foldFresh(e: Positioned, pdid: string, change: Change, fold: Folding, earlier: Fresh | undefined): void {
  if (earlier) {
    const merged = mergeChanges(earlier, change);
    Object.assign(earlier, merged, { global_position: e.globalPosition > earlier.global_position ? e.globalPosition : earlier.global_position });
    return;
  }
  const fresh: Fresh = { event_id: e.eventId, ...change, pdid, tx_id: e.transactionId, global_position: e.globalPosition, at: e.metadata.at };
  fold.here.set(`${e.transactionId} ${pdid}`, fresh);
  fold.fresh.push(fresh);
}

const isFresh = (q: Queued): q is Fresh => 'at' in q;

/** Writes the batch's new changes in one statement; answers how many went in (none from before the queue existed). */
async function insertFresh(tx: pg.PoolClient, fresh: readonly Fresh[]): Promise<number> {
  if (fresh.length === 0) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO alert_changes (event_id, pdid, kind, detail, tx_id, global_position, at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::bigint[], $6::bigint[], $7::timestamptz[])
       AS f(event_id, pdid, kind, detail, tx_id, global_position, at)
      WHERE at >= (SELECT applied_at FROM schema_migrations WHERE id = $8) ON CONFLICT DO NOTHING`,
    [
      fresh.map((f) => f.event_id),
      fresh.map((f) => f.pdid),
      fresh.map((f) => f.kind),
      fresh.map((f) => JSON.stringify(f.detail)),
      fresh.map((f) => f.tx_id.toString()),
      fresh.map((f) => f.global_position.toString()),
      fresh.map((f) => f.at),
      ALERT_CHANGE_QUEUE_MIGRATION,
    ],
  );
  return rowCount ?? 0;
}
