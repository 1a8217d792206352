import type { Decider } from '../../../commands/decider';
import { evolveListing, initialListing, type Listing } from '../listings.events';
import { DETAIL_FIELDS, type ListingRecord } from '../listing-record';
import type { OpenHouse } from '../open-house';
import type { ListingDetailsChanged, ListingEvent } from '../listings.events';
import { openHouseChanges } from './open-house-changes';
import type { ParsedRecord } from './parse-reso-record';

export type ImportListing = {
  readonly pdid: string;
  readonly mls: string;
  readonly parsed: Extract<ParsedRecord, { ok: true }>;
  /** When the record is imported (ISO instant): an open house over by then is past, not cancelled. */
  readonly now: string;
};

type Changes = { -readonly [K in keyof ListingDetailsChanged['data']['changes']]: ListingDetailsChanged['data']['changes'][K] };

/**
 * "Import this record": compares it with the listing as folded from its stream and emits only
 * what changed (open houses too, see openHouseChanges), so re-importing an unchanged record
 * emits nothing. A record older than the one
 * the listing was last changed by (ModificationTimestamp) is stale and changes nothing.
 */
export function decideImportListing(command: ImportListing, state: Listing): ListingEvent[] {
  const { pdid, mls, parsed } = command;
  if (parsed.kind === 'delete') {
    if (!state.listed || isStale(parsed.ModificationTimestamp, state.record.ModificationTimestamp)) return [];
    return [{ type: 'ListingRemoved', data: { pdid, ModificationTimestamp: parsed.ModificationTimestamp } }];
  }
  const next = parsed.record;
  const at = next.ModificationTimestamp;
  // A list the record could not give (null) leaves the listing's open houses as they are.
  const openHouses = (known: readonly OpenHouse[]) =>
    parsed.openHouses === null
      ? []
      : openHouseChanges(known, parsed.openHouses, { pdid, listingStatus: next.StandardStatus, at, now: Date.parse(command.now) });
  if (!state.listed) return [{ type: 'ListingListed', data: { pdid, mls, listing: next } }, ...openHouses([])];
  const now = state.record;
  if (isStale(next.ModificationTimestamp, now.ModificationTimestamp)) return [];
  const events: ListingEvent[] = [];
  if (next.ListPrice !== now.ListPrice) {
    events.push({ type: 'ListingPriceChanged', data: { pdid, ListPrice: next.ListPrice, previousListPrice: now.ListPrice, ModificationTimestamp: at } });
  }
  const statusChanged = next.StandardStatus !== now.StandardStatus;
  if (statusChanged) {
    events.push({
      type: 'ListingStatusChanged',
      data: {
        pdid,
        StandardStatus: next.StandardStatus,
        previousStatus: now.StandardStatus,
        ClosePrice: next.ClosePrice,
        CloseDate: next.CloseDate,
        ModificationTimestamp: at,
      },
    });
  }
  const changes: Changes = {};
  // A field a record stored before it was read (absent) is unknown, as null is.
  for (const f of DETAIL_FIELDS) if ((next[f] ?? null) !== (now[f] ?? null)) (changes as Record<string, unknown>)[f] = next[f];
  if (!statusChanged) {
    if (next.ClosePrice !== now.ClosePrice) changes.ClosePrice = next.ClosePrice;
    if (next.CloseDate !== now.CloseDate) changes.CloseDate = next.CloseDate;
  }
  if (Object.keys(changes).length > 0) events.push({ type: 'ListingDetailsChanged', data: { pdid, changes, ModificationTimestamp: at } });
  // A record without Media says nothing about the photos: they stay.
  if (parsed.mediaGiven && !samePhotos(next.photos, now.photos)) {
    const added = next.photos.filter((u) => !now.photos.includes(u)).length;
    events.push({ type: 'ListingPhotosChanged', data: { pdid, photos: next.photos, added, ModificationTimestamp: at } });
  }
  events.push(...openHouses(state.openHouses));
  return events;
}

const isStale = (incoming: string | null, current: string | null): boolean => incoming !== null && current !== null && incoming < current;

const samePhotos = (a: ListingRecord['photos'], b: ListingRecord['photos']): boolean => a.length === b.length && a.every((u, i) => u === b[i]);

export const importListingDecider: Decider<Listing, ImportListing, ListingEvent> = {
  initialState: initialListing,
  evolve: evolveListing,
  decide: decideImportListing,
};
