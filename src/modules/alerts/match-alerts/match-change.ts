import type pg from 'pg';
import { criteriaOf, placesOf } from '../../../../projections/alerts/alert-targets';
import type { SearchCriteria } from '../../../../projections/search/search-criteria';
import type { SearchIndex } from '../../../../projections/search/search-index.port';
import type { AlertFrequency } from '../../organizer';
import { stableId } from '../../organizer';
import type { AlertChangeKind, AlertReason } from '../alerts.events';

export type QueuedChange = {
  readonly event_id: string;
  readonly pdid: string;
  readonly kind: AlertChangeKind;
  readonly detail: Record<string, unknown>;
  readonly tx_id: string;
  readonly global_position: string;
  readonly at: Date;
};

export type NewAlert = {
  readonly alertId: string;
  readonly leadId: string;
  readonly userId: string;
  readonly siteId: string;
  readonly reason: AlertReason;
  readonly searchIds: string[];
  readonly frequency: AlertFrequency;
};

/** Saved searches hear of new homes and of homes getting better; favourites of every change. */
const SEARCH_KINDS: readonly AlertChangeKind[] = ['new', 'price-reduced', 'back-on-market'];
const FAVORITE_KINDS: readonly AlertChangeKind[] = ['price-reduced', 'back-on-market', 'pending', 'sold', 'new-photos'];
const URGENCY: Record<AlertFrequency, number> = { instant: 0, daily: 1, weekly: 2, never: 3 };

type Candidate = { search_id: string; lead_id: string; user_id: string; site_id: string; frequency: AlertFrequency };

/** Parsed criteria by search id: a saved search's criteria never change once saved, so they are read once. */
const parsed = new Map<string, SearchCriteria | null>();
async function criteriaFor(db: pg.ClientBase, candidates: readonly Candidate[]): Promise<(SearchCriteria | null)[]> {
  const missing = candidates.filter((c) => !parsed.has(c.search_id)).map((c) => c.search_id);
  if (missing.length) {
    if (parsed.size + missing.length > 500_000) parsed.clear();
    const { rows } = await db.query<{ search_id: string; criteria: Record<string, string> }>(
      'SELECT search_id, criteria FROM alert_searches WHERE search_id = ANY($1::uuid[])',
      [missing],
    );
    for (const r of rows) parsed.set(r.search_id, criteriaOf(r.criteria) ?? null);
  }
  return candidates.map((c) => parsed.get(c.search_id) ?? null);
}

/**
 * The alerts one listing change makes: at most one per lead (a lead with two matching searches
 * and the home in its favourites hears once). Only searches and favourites that existed before
 * the change count. A favourite makes it an 'update'; otherwise the most urgent frequency of the
 * matching searches decides when it goes out.
 */
export async function matchChange(db: pg.ClientBase, index: SearchIndex, change: QueuedChange): Promise<NewAlert[]> {
  const before = [change.tx_id, change.global_position];
  const byLead = new Map<string, NewAlert>();
  if (FAVORITE_KINDS.includes(change.kind)) {
    const { rows } = await db.query<{ lead_id: string; user_id: string; site_id: string }>(
      `SELECT lead_id, user_id, site_id FROM alert_favorites WHERE pdid = $1 AND (tx_id, global_position) < ($2::bigint, $3::bigint)`,
      [change.pdid, ...before],
    );
    for (const r of rows) byLead.set(r.lead_id, { alertId: stableId(`${r.lead_id} alert ${change.event_id}`), leadId: r.lead_id, userId: r.user_id, siteId: r.site_id, reason: 'favorite', searchIds: [], frequency: 'instant' });
  }
  if (!SEARCH_KINDS.includes(change.kind)) return [...byLead.values()];
  const [listing] = await index.listings([change.pdid]);
  // Searches find Active listings, or Closed ones with soldproperty: nothing else matches.
  if (!listing || (listing.status !== 'Active' && listing.status !== 'Closed')) return [...byLead.values()];
  // Necessary conditions only (status group, price band, beds): the port decides exactly below.
  const common = `frequency <> 'never' AND (tx_id, global_position) < ($4::bigint, $5::bigint) AND sold = $6
    AND (min_price IS NULL OR $7 >= min_price) AND (max_price IS NULL OR $7 <= max_price) AND (min_beds IS NULL OR $8 >= min_beds)`;
  const { rows } = await db.query<Candidate>(
    `SELECT search_id, lead_id, user_id, site_id, frequency FROM alert_searches WHERE bbox IS NOT NULL AND bbox @> box(point($1, $2), point($1, $2)) AND ${common}
     UNION ALL
     SELECT search_id, lead_id, user_id, site_id, frequency FROM alert_searches WHERE bbox IS NULL AND places && $3::text[] AND ${common}
     UNION ALL
     SELECT search_id, lead_id, user_id, site_id, frequency FROM alert_searches WHERE bbox IS NULL AND places = '{}' AND ${common}`,
    [listing.longitude, listing.latitude, placesOf(listing), ...before, listing.status === 'Closed', listing.price, listing.beds],
  );
  const criteria = await criteriaFor(db, rows);
  const testable = rows.filter((_, i) => criteria[i] !== null);
  const matches = await index.matchAll(change.pdid, criteria.filter((c): c is SearchCriteria => c !== null));
  testable.forEach((r, i) => {
    if (!matches[i]) return;
    const had = byLead.get(r.lead_id);
    if (had?.reason === 'favorite') return;
    const frequency = had && URGENCY[had.frequency] <= URGENCY[r.frequency] ? had.frequency : r.frequency;
    byLead.set(r.lead_id, {
      alertId: stableId(`${r.lead_id} alert ${change.event_id}`),
      leadId: r.lead_id,
      userId: r.user_id,
      siteId: r.site_id,
      reason: 'search',
      searchIds: [...(had?.searchIds ?? []), r.search_id],
      frequency,
    });
  });
  return [...byLead.values()];
}
