import type { ListingStatus } from '../listing-record';
import type { ListingEvent } from '../listings.events';
import { isUpcoming } from '../../../contract/open-house-time';
import { type OpenHouse, type OpenHouseEntry, sameOpenHouse } from '../open-house';

type Context = { readonly pdid: string; readonly listingStatus: ListingStatus; readonly at: string | null; readonly now: number };

/**
 * What a record's open houses change on a listing that knows `known` (pure; `now` comes from the
 * command). Only what changed is told, so the same record again tells nothing:
 * - a key marked Cancelled, or gone from the record while still to come: Cancelled. A key gone
 *   after its end took place (feeds drop past open houses): nothing.
 * - an Active key we do not know: Added, unless it is already over (nothing to tell anyone);
 *   a known one whose times, type or remarks differ: Changed, with how it was.
 * - Ended: the feed says it took place; nothing.
 * Cancellations come first, then the record's own order.
 */
export function openHouseChanges(known: readonly OpenHouse[], entries: readonly OpenHouseEntry[], c: Context): ListingEvent[] {
  const { pdid, listingStatus, at: ModificationTimestamp, now } = c;
  const incoming = new Map(entries.map((e) => [e.OpenHouseKey, e]));
  const events: ListingEvent[] = [];
  for (const k of known) {
    const e = incoming.get(k.OpenHouseKey);
    if (e?.OpenHouseStatus === 'Cancelled' || (e === undefined && isUpcoming(k, now))) {
      events.push({ type: 'ListingOpenHouseCancelled', data: { pdid, OpenHouseKey: k.OpenHouseKey, openHouse: k, listingStatus, ModificationTimestamp } });
    }
  }
  const byKey = new Map(known.map((k) => [k.OpenHouseKey, k]));
  for (const { OpenHouseStatus, ...openHouse } of entries) {
    if (OpenHouseStatus !== 'Active') continue;
    const previous = byKey.get(openHouse.OpenHouseKey);
    if (!previous) {
      if (isUpcoming(openHouse, now)) events.push({ type: 'ListingOpenHouseAdded', data: { pdid, openHouse, listingStatus, ModificationTimestamp } });
    } else if (!sameOpenHouse(previous, openHouse)) {
      events.push({ type: 'ListingOpenHouseChanged', data: { pdid, openHouse, previous, listingStatus, ModificationTimestamp } });
    }
  }
  return events;
}
