import type pg from 'pg';
import { favoritesOf, placesOf } from '../../../../projections/alerts';
import type { SearchIndex } from '../../../../projections/search';
import { ON_MARKET_STATUSES } from '../../../contract/search';
import { compareCheckpoints } from '../../../eventstore/event-store.port';
import type { AlertFrequency } from '../../organizer';
import type { AlertChangeKind } from '../alerts.events';
import type { AlertMatch } from './alert-match';
import type { SavedSearchCandidates, SavedSearchEntry } from './saved-search-candidates';

export type QueuedChange = {
  readonly event_id: string;
  readonly pdid: string;
  readonly kind: AlertChangeKind;
  readonly detail: Record<string, unknown>;
  readonly tx_id: string;
  readonly global_position: string;
  readonly at: Date;
};

export type { AlertMatch };

/** Saved searches hear of new homes and of homes getting better; favourites of every change. */
const SEARCH_KINDS: readonly AlertChangeKind[] = ['new', 'price-reduced', 'back-on-market'];
const FAVORITE_KINDS: readonly AlertChangeKind[] = ['price-reduced', 'back-on-market', 'pending', 'sold', 'new-photos', 'open-house', 'open-house-cancelled'];
/** A home saved while Coming Soon that comes on the market is news to those who saved it too (a listing just listed has no favourites yet). */
const tellsFavorites = (c: QueuedChange) => FAVORITE_KINDS.includes(c.kind) || (c.kind === 'new' && c.detail.was !== undefined);
const URGENCY: Record<AlertFrequency, number> = { instant: 0, daily: 1, weekly: 2, never: 3 };

const before = (tx: string, gp: string, c: { tx: bigint; gp: bigint }) => {
  const t = BigInt(tx);
  return t < c.tx || (t === c.tx && BigInt(gp) < c.gp);
};

/**
 * The alerts a batch of listing changes makes, in the batch's order: at most one per lead and
 * change (a lead with two matching searches and the home in its favourites hears once). Only
 * searches and favourites that existed before the change count. A favourite makes it an
 * 'update'; otherwise the most urgent frequency of the matching searches decides when it goes
 * out. Three reads for the whole batch: the favourites of its listings, the listings (where they
 * are, for the candidates), and the exact test of every candidate through the SearchIndex port.
 */
export async function matchChanges(
  db: pg.ClientBase,
  index: SearchIndex,
  searches: SavedSearchCandidates,
  changes: readonly QueuedChange[],
): Promise<AlertMatch[][]> {
  if (changes.length === 0) return [];
  const pdids = [...new Set(changes.map((c) => c.pdid))];
  const wantsFavorites = changes.some(tellsFavorites);
  const [favoriteRows, listings] = await Promise.all([
    wantsFavorites ? favoritesOf(db, pdids) : [],
    index.listings([...new Set(changes.filter((c) => SEARCH_KINDS.includes(c.kind)).map((c) => c.pdid))]),
  ]);
  const byPdid = new Map(listings.map((l) => [l.pdid, l]));

  const candidates: SavedSearchEntry[][] = changes.map((change) => {
    const l = byPdid.get(change.pdid);
    // Searches find listings on the market, or Closed ones with soldproperty: nothing else matches.
    if (!SEARCH_KINDS.includes(change.kind) || !l || (!ON_MARKET_STATUSES.includes(l.status) && l.status !== 'Closed')) return [];
    // A listing without a point (NaN) is in no cell and passes every box here: the exact test below decides.
    const place = {
      latitude: l.latitude ?? Number.NaN,
      longitude: l.longitude ?? Number.NaN,
      sold: l.status === 'Closed',
      price: l.price,
      beds: l.beds,
      places: placesOf(l),
    };
    return searches.candidates(place, BigInt(change.tx_id), BigInt(change.global_position));
  });
  // The index must reflect these changes (they are the log's, up to the newest of them), not the
  // log's head: this transaction's row locks hold the head out of a subscription's sight.
  const seen = changes
    .map((c) => ({ transactionId: BigInt(c.tx_id), globalPosition: BigInt(c.global_position) }))
    .reduce((a, b) => (compareCheckpoints(a, b) >= 0 ? a : b));
  const exact = await index.matchEach(
    changes.map((c, i) => ({ pdid: c.pdid, criteria: candidates[i]!.map((e) => e.prepared) })),
    seen,
  );

  return changes.map((change, i) => {
    const favorites = new Map<string, AlertMatch>();
    if (tellsFavorites(change)) {
      const at = { tx: BigInt(change.tx_id), gp: BigInt(change.global_position) };
      for (const f of favoriteRows) {
        if (f.pdid === change.pdid && before(f.tx_id, f.global_position, at)) {
          favorites.set(f.lead_id, { leadId: f.lead_id, userId: f.user_id, siteId: f.site_id, reason: 'favorite', searchIds: [], frequency: 'instant' });
        }
      }
    }
    const alerts = [...favorites.values()];
    // Leads with several matching searches hear once, at the most urgent frequency.
    let merged: Map<string, AlertMatch> | undefined;
    const found = candidates[i]!;
    const hits = exact[i]!;
    for (let j = 0; j < found.length; j++) {
      if (!hits[j]) continue;
      const e = found[j]!;
      if (favorites.has(e.leadId)) continue;
      if (e.lead.searches === 1) {
        alerts.push(e.alone);
        continue;
      }
      merged ??= new Map();
      const had = merged.get(e.leadId);
      const frequency = had && URGENCY[had.frequency] <= URGENCY[e.frequency] ? had.frequency : e.frequency;
      merged.set(e.leadId, had ? { ...had, searchIds: [...had.searchIds, e.searchId], frequency } : e.alone);
    }
    if (merged) alerts.push(...merged.values());
    return alerts;
  });
}
