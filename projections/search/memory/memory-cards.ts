import { isLease } from '../../../src/modules/listings/listings.events';
import type { IndexedListing } from '../search-index.port';
import { normalizeName, zip5Of } from '../search-terms';
import type { ListingColumns } from './listing-columns';
import { byBytes, nullsLast, type SlotReader } from './suggest-terms';

const unnum = (v: number): number | null => (v === v ? v : null);

/** A listing as a card shows it, read from the columns as toListing (listing-row.ts) reads a search_listings row. */
export function listingOf(cols: ListingColumns, slot: number): IndexedListing {
  const { f, i, u, texts } = cols;
  const str = (id: number) => cols.str(id);
  const photos = cols.photosOf(slot);
  const broken = cols.brokenOf(slot);
  const visible = broken.length === 0 ? photos : photos.filter((p) => !broken.includes(p));
  const type = str(i.propertyType[slot]!);
  return {
    pdid: texts.pdid(slot)!,
    mlsid: texts.listingId(slot),
    // InternetAddressDisplayYN false: the street address is on no public page.
    address: u.addressDisplay[slot] === 1 ? null : texts.address(slot),
    city: str(i.city[slot]!),
    state: str(i.state[slot]!),
    zip: str(i.postalCode[slot]!),
    county: str(i.county[slot]!),
    price: unnum(f.price[slot]!),
    beds: unnum(f.beds[slot]!),
    baths: unnum(f.baths[slot]!),
    sqft: unnum(f.sqft[slot]!),
    status: str(i.status[slot]!)!,
    propertyType: str(i.propertySubType[slot]!) ?? type,
    latitude: unnum(f.lat[slot]!),
    longitude: unnum(f.lng[slot]!),
    locationApproximate: u.locationApproximate[slot] === 2,
    forRent: isLease(type),
    photos: visible,
    allPhotosBroken: photos.length > 0 && visible.length === 0,
    listDate: str(i.listDate[slot]!),
    closeDate: str(i.closeDate[slot]!),
    listOfficeName: str(i.listOffice[slot]!),
    listAgentName: str(i.listAgent[slot]!),
  };
}

/** Shown on public pages: every listing but those the MLS keeps off the internet (listing_display IS DISTINCT FROM false). */
export const shownPublicly = (cols: ListingColumns, slot: number): boolean => cols.u.listingDisplay[slot] !== 1;

/** The keys autocomplete compares, made from the columns as deriveSearchFields makes them. */
export function slotReader(cols: ListingColumns): SlotReader {
  const { i, u, texts } = cols;
  const addressKey = (slot: number) => (u.addressDisplay[slot] === 1 ? null : normalizeName(texts.address(slot)));
  return {
    grp: (slot) => u.grp[slot]!,
    addressKey,
    mlsidKey: (slot) => normalizeName(texts.listingId(slot)),
    address: (slot) => texts.address(slot),
    city: (slot) => cols.str(i.city[slot]!),
    zip5: (slot) => zip5Of(cols.str(i.postalCode[slot]!)),
    listingId: (slot) => texts.listingId(slot),
    pdid: (slot) => texts.pdid(slot),
  };
}

/**
 * The listing picker (the port's startingWith) over memory: active sales and leases shown
 * publicly whose address key or MLS number key starts with the term, by address key (nulls last), then pdid.
 */
export function startingWithOf(cols: ListingColumns, term: string, limit: number): IndexedListing[] {
  const key = normalizeName(term);
  if (!key) return [];
  const read = slotReader(cols);
  const found = new Set<number>();
  for (const postings of [cols.terms.addresses, cols.terms.mlsids])
    for (const slot of cols.terms.candidates(postings, key, cols.count)) {
      const grp = cols.u.grp[slot];
      if ((grp !== 1 && grp !== 3) || !shownPublicly(cols, slot) || cols.i.pdidBytes[slot]! < 0) continue;
      if (read.addressKey(slot)?.startsWith(key) || read.mlsidKey(slot)?.startsWith(key)) found.add(slot);
    }
  return [...found]
    .map((slot) => ({ slot, key: read.addressKey(slot), pdid: cols.pdidOf(slot)! }))
    .sort((a, b) => nullsLast(a.key, b.key) || byBytes(a.pdid, b.pdid))
    .slice(0, limit)
    .map((x) => listingOf(cols, x.slot));
}
