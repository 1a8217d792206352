import type pg from 'pg';
import { ALERTS_PUSH, type AlertChangeKind } from '../../src/modules/alerts/alerts.events';
import { isUpcoming } from '../../src/contract/open-house-time';
import type { ListingEvent } from '../../src/modules/listings/listings.events';
import type { OrganizerEvent } from '../../src/modules/organizer/organizer.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { assertNever } from '../../src/contract/assert-never';
import type { StoredEvent } from '../../src/shared/event';
import { eventsOf, type Projection } from '../runner';

const HANDLED = [
  'SavedSearchSaved',
  'SavedSearchFrequencyChanged',
  'SavedSearchDeleted',
  'ListingFavorited',
  'ListingUnfavorited',
  'ListingListed',
  'ListingPriceChanged',
  'ListingStatusChanged',
  'ListingPhotosChanged',
  'ListingOpenHouseAdded',
  'ListingOpenHouseChanged',
  'ListingOpenHouseCancelled',
  'PersonErased',
] as const;
type Handled = Extract<OrganizerEvent | ListingEvent | PersonErased, { type: (typeof HANDLED)[number] }>;
type ListingOrOrganizer = Exclude<Handled, PersonErased>;

/** What a listing event means to someone waiting for news of it, if anything; `at` is when it happened (epoch ms). */
export function changeOf(e: ListingOrOrganizer, at: number): { kind: AlertChangeKind; detail: Record<string, unknown> } | undefined {
  switch (e.type) {
    case 'ListingListed':
      return e.data.listing.StandardStatus === 'Active' ? { kind: 'new', detail: { price: e.data.listing.ListPrice } } : undefined;
    case 'ListingPriceChanged': {
      const { ListPrice: to, previousListPrice: from } = e.data;
      return to !== null && from !== null && to < from ? { kind: 'price-reduced', detail: { from, to } } : undefined;
    }
    case 'ListingStatusChanged': {
      const { StandardStatus: now, previousStatus: before } = e.data;
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
    // What people keep and save is no news about a home.
    case 'SavedSearchSaved':
    case 'SavedSearchFrequencyChanged':
    case 'SavedSearchDeleted':
    case 'ListingFavorited':
    case 'ListingUnfavorited':
      return undefined;
    default:
      return assertNever(e);
  }
}

/**
 * The alerts process manager's state, kept in global order with its checkpoint: saved searches
 * (the dispatcher indexes them in memory, see saved-search-candidates.ts) and favourites, each
 * with the position it took effect, so a change is only matched against what existed before it. Each listing change
 * is queued in alert_changes in the same transaction (never while replaying: a rebuild must not
 * alert again); the dispatcher matches it through the SearchIndex port once the search
 * projection has passed it, and sends.
 */
export const alertsProjection: Projection = {
  name: 'alerts',
  // 4: an erased person's searches and favourites go (issue 18).
  version: 4,
  eventTypes: HANDLED,
  tables: ['alert_searches', 'alert_favorites'],
  async createTables(tx, t) {
    // seq: the next value of one sequence on every insert, frequency change and deletion (a
    // deletion keeps its row as a tombstone), so the dispatcher's in-memory index can follow
    // the table by "everything after the last value seen".
    await tx.query(`CREATE TABLE ${t('alert_searches')} (
      search_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      user_id uuid NOT NULL,
      site_id uuid NOT NULL,
      frequency text NOT NULL,
      criteria jsonb NOT NULL,
      tx_id bigint NOT NULL,
      global_position bigint NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      seq bigint NOT NULL DEFAULT nextval('alert_searches_seq')
    )`);
    await tx.query(`CREATE INDEX ON ${t('alert_searches')} (seq)`);
    await tx.query(`CREATE TABLE ${t('alert_favorites')} (
      lead_id uuid NOT NULL,
      pdid text NOT NULL,
      user_id uuid NOT NULL,
      site_id uuid NOT NULL,
      tx_id bigint NOT NULL,
      global_position bigint NOT NULL,
      PRIMARY KEY (pdid, lead_id)
    )`);
  },
  async apply(events, ctx) {
    const searches = ctx.table('alert_searches');
    const favorites = ctx.table('alert_favorites');
    let queued = 0;
    const fold: Folding = { here: new Map(), firstTx: events[0]?.transactionId };
    for (const e of eventsOf<Handled>(events)) {
      const pos = [e.transactionId.toString(), e.globalPosition.toString()];
      switch (e.type) {
        case 'SavedSearchSaved': {
          const d = e.data;
          await ctx.tx.query(
            `INSERT INTO ${searches} (search_id, lead_id, user_id, site_id, frequency, criteria, tx_id, global_position)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (search_id) DO NOTHING`,
            [d.searchId, d.leadId, d.userId, d.siteId, d.frequency, JSON.stringify(d.criteria), ...pos],
          );
          break;
        }
        case 'SavedSearchFrequencyChanged':
          await ctx.tx.query(`UPDATE ${searches} SET frequency = $2, seq = nextval('alert_searches_seq') WHERE search_id = $1`, [
            e.data.searchId,
            e.data.frequency,
          ]);
          break;
        case 'SavedSearchDeleted':
          await ctx.tx.query(`UPDATE ${searches} SET deleted = true, seq = nextval('alert_searches_seq') WHERE search_id = $1`, [e.data.searchId]);
          break;
        case 'ListingFavorited':
          await ctx.tx.query(
            `INSERT INTO ${favorites} (lead_id, pdid, user_id, site_id, tx_id, global_position) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
            [e.data.leadId, e.data.pdid, e.data.userId, e.data.siteId, ...pos],
          );
          break;
        case 'ListingUnfavorited':
          await ctx.tx.query(`DELETE FROM ${favorites} WHERE lead_id = $1 AND pdid = $2`, [e.data.leadId, e.data.pdid]);
          break;
        case 'PersonErased':
          // Issue 18: no more alerts to a forgotten person, and nothing of what they searched for
          // kept. Searches become tombstones with empty criteria (the dispatcher's in-memory index
          // follows deletions by seq); a rebuild ends the same.
          await ctx.tx.query(
            `UPDATE ${searches} SET deleted = true, criteria = '{}'::jsonb, seq = nextval('alert_searches_seq')
             WHERE lead_id = ANY($1::uuid[]) OR user_id = $2`,
            [e.data.leadIds, e.data.userId],
          );
          await ctx.tx.query(`DELETE FROM ${favorites} WHERE lead_id = ANY($1::uuid[]) OR user_id = $2`, [e.data.leadIds, e.data.userId]);
          break;
        case 'ListingListed':
        case 'ListingPriceChanged':
        case 'ListingStatusChanged':
        case 'ListingPhotosChanged':
        case 'ListingOpenHouseAdded':
        case 'ListingOpenHouseChanged':
        case 'ListingOpenHouseCancelled': {
          const change = changeOf(e, Date.parse(e.metadata.at));
          if (change && !ctx.replaying) queued += await queueChange(ctx.tx, e, e.data.pdid, change, fold);
          break;
        }
        default:
          assertNever(e);
      }
    }
    if (queued > 0) ctx.signal({ signal: ALERTS_PUSH, payload: { queued } });
  },
};

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
/** The changes this batch queued, by transaction and listing, and the batch's first transaction (it may have begun in the batch before). */
type Folding = { here: Map<string, Queued>; firstTx: bigint | undefined };
/** How far back in the log the earlier change of the same record can be: its own few events. */
const RECORD_SPAN = 1000;

/**
 * Queues a change, folded into the change of the same listing queued by the same transaction
 * (one imported record) while the dispatcher has not matched it yet; the folded row takes the
 * later position, so it is matched once the search index shows the whole record. The dispatcher
 * locks the rows it matches, so a change is either folded before matching or queued on its own.
 * Only the batch's first transaction can have begun in an earlier batch: only its changes look
 * in the table (a short range of the unmatched index); the others are known from this batch.
 */
async function queueChange(tx: pg.PoolClient, e: StoredEvent, pdid: string, change: Change, fold: Folding): Promise<number> {
  const key = `${e.transactionId} ${pdid}`;
  let earlier = fold.here.get(key);
  if (!earlier && e.transactionId === fold.firstTx) {
    const { rows } = await tx.query<Queued>(
      `SELECT event_id, kind, detail FROM alert_changes
        WHERE tx_id = $1 AND global_position BETWEEN $2 AND $3 AND matched_at IS NULL AND pdid = $4 AND event_id <> $5
        ORDER BY global_position DESC LIMIT 1 FOR UPDATE`,
      [e.transactionId.toString(), (e.globalPosition - BigInt(RECORD_SPAN)).toString(), e.globalPosition.toString(), pdid, e.eventId],
    );
    earlier = rows[0];
  }
  if (earlier) {
    const merged = mergeChanges(earlier, change);
    await tx.query('UPDATE alert_changes SET kind = $2, detail = $3, global_position = greatest(global_position, $4) WHERE event_id = $1', [
      earlier.event_id,
      merged.kind,
      JSON.stringify(merged.detail),
      e.globalPosition.toString(),
    ]);
    fold.here.set(key, { event_id: earlier.event_id, ...merged });
    return 0;
  }
  fold.here.set(key, { event_id: e.eventId, ...change });
  const { rowCount } = await tx.query(
    `INSERT INTO alert_changes (event_id, pdid, kind, detail, tx_id, global_position, at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [e.eventId, pdid, change.kind, JSON.stringify(change.detail), e.transactionId.toString(), e.globalPosition.toString(), e.metadata.at],
  );
  return rowCount ?? 0;
}
