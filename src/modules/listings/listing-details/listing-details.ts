import type { StoredEvent } from '../../../shared/event';
import { assertNever } from '../../../shared/errors';
import { evolveListing, initialListing, type Listing } from '../listings.events';
import { isLease, isPubliclyShown, type ListingRecord, upcastRecord } from '../listing-record';
import type { ListingEvent } from '../listings.events';
import { type OpenHouseType, upcomingOpenHouses } from '../open-house';
import { type Card, toCard } from '../search-listings/card';

export type HistoryEntry = { at: string; event: string; price: number | null; previousPrice?: number | null; status: string | null };

/** An open house as the listing page shows it; times keep the feed's offset (the listing's local time). */
export type OpenHouseView = { start: string; end: string; type: OpenHouseType; remarks: string | null };

export type ListingDetailsView = Card & {
  mls: string;
  listingKey: string;
  propertySubType: string | null;
  listPrice: number | null;
  closePrice: number | null;
  originalListPrice: number | null;
  previousListPrice: number | null;
  remarks: string | null;
  waterfront: boolean | null;
  view: boolean | null;
  pool: boolean | null;
  newConstruction: boolean | null;
  modifiedAt: string | null;
  history: HistoryEntry[];
  /** Upcoming (not yet ended at `now`) open houses, soonest first. */
  openHouses: OpenHouseView[];
};

const day = (iso: string | null, fallback: string): string => iso ?? fallback;

/**
 * The listing page: the listing as folded from its events, with its price and status history
 * (the feed's dates where it gave them, else when we learnt of the change; a first record's
 * OriginalListPrice and PreviousListPrice tell the changes before it) and the open houses still
 * to come at `now` (epoch ms). Undefined when the listing is not listed now, or not to be shown
 * publicly (InternetEntireListingDisplayYN false). The street address is null when the MLS does
 * not let it be shown (InternetAddressDisplayYN false).
 */
export function listingDetails(stored: readonly StoredEvent[], now: number): ListingDetailsView | undefined {
  let state: Listing = initialListing();
  const history: HistoryEntry[] = [];
  for (const [i, s] of stored.entries()) {
    const e = s as unknown as ListingEvent & { metadata: { at: string } };
    const learnt = e.metadata.at;
    switch (e.type) {
      case 'ListingListed': {
        const r = e.data.listing;
        history.push(...listedHistory(r, learnt));
        break;
      }
      case 'ListingPriceChanged': {
        const { ListPrice: price, previousListPrice: previousPrice } = e.data;
        const event = priceEvent(price, previousPrice);
        history.push({
          at: e.data.ModificationTimestamp ?? learnt,
          event,
          price,
          previousPrice,
          status: statusAfterRecord(stored, i) ?? (state.listed ? state.record.StandardStatus : null),
        });
        break;
      }
      case 'ListingStatusChanged':
        history.push(
          e.data.StandardStatus === 'Closed'
            ? { at: day(e.data.CloseDate, e.data.ModificationTimestamp ?? learnt), event: 'Sold', price: e.data.ClosePrice, status: 'Closed' }
            : {
                at: e.data.ModificationTimestamp ?? learnt,
                event: e.data.StandardStatus,
                price: state.listed ? state.record.ListPrice : null,
                status: e.data.StandardStatus,
              },
        );
        break;
      case 'ListingRemoved':
        history.push({ at: e.data.ModificationTimestamp ?? learnt, event: 'Removed', price: null, status: null });
        break;
      case 'ListingDetailsChanged':
      case 'ListingPhotosChanged':
      case 'ListingPhotoReported':
      case 'ListingPhotoReportedBroken':
      case 'ListingOpenHouseAdded':
      case 'ListingOpenHouseChanged':
      case 'ListingOpenHouseCancelled':
        break;
      default:
        assertNever(e);
    }
    state = evolveListing(state, e);
  }
  if (!state.listed || !isPubliclyShown(state.record)) return undefined;
  const r: ListingRecord = state.record;
  const visible = r.photos.filter((u) => !state.brokenPhotos.includes(u));
  const card = toCard({
    pdid: state.pdid,
    mlsid: r.ListingId,
    address: r.InternetAddressDisplayYN === false ? null : r.UnparsedAddress,
    city: r.City,
    state: r.StateOrProvince,
    zip: r.PostalCode,
    county: r.CountyOrParish,
    price: r.StandardStatus === 'Closed' ? r.ClosePrice : r.ListPrice,
    beds: r.BedroomsTotal,
    baths: r.BathroomsTotalInteger,
    sqft: r.LivingArea,
    status: r.StandardStatus,
    propertyType: r.PropertySubType ?? r.PropertyType,
    latitude: r.Latitude,
    longitude: r.Longitude,
    locationApproximate: r.locationApproximate,
    forRent: isLease(r.PropertyType),
    photos: visible,
    allPhotosBroken: r.photos.length > 0 && visible.length === 0,
    listDate: r.ListingContractDate,
    closeDate: r.CloseDate,
    listOfficeName: r.ListOfficeName,
    listAgentName: r.ListAgentFullName,
  });
  return {
    ...card,
    mls: state.mls,
    listingKey: r.ListingKey,
    propertySubType: r.PropertySubType,
    listPrice: r.ListPrice,
    closePrice: r.ClosePrice,
    originalListPrice: r.OriginalListPrice,
    previousListPrice: r.PreviousListPrice,
    remarks: r.PublicRemarks,
    waterfront: r.WaterfrontYN,
    view: r.ViewYN,
    pool: r.PoolPrivateYN,
    newConstruction: r.NewConstructionYN,
    modifiedAt: r.ModificationTimestamp,
    history,
    openHouses: upcomingOpenHouses(state.openHouses, now).map((o) => ({
      start: o.OpenHouseStartTime,
      end: o.OpenHouseEndTime,
      type: o.OpenHouseType,
      remarks: o.OpenHouseRemarks,
    })),
  };
}

/**
 * A record that changed the price and the status (relisted lower) gives the price change first,
 * then the status (decideImportListing), in one transaction: the price row is of the listing as
 * the record left it (Active), not as it was before (Closed).
 */
function statusAfterRecord(stored: readonly StoredEvent[], i: number): string | undefined {
  const next = stored[i + 1] as (StoredEvent & ListingEvent) | undefined;
  return next?.type === 'ListingStatusChanged' && next.transactionId === stored[i]!.transactionId ? next.data.StandardStatus : undefined;
}

const priceEvent = (price: number | null, previous: number | null): string =>
  price !== null && previous !== null && price < previous ? 'Price Reduced' : 'Price Changed';

/**
 * How a listing's first record enters the history: listed at its OriginalListPrice when the
 * feed gives one, then the changes to its PreviousListPrice and to its ListPrice (dated by the
 * record: the feed gives no time for the earlier one); then Sold when it came Closed.
 */
function listedHistory(stored: ListingRecord, learnt: string): HistoryEntry[] {
  const r = upcastRecord(stored);
  const changedAt = r.ModificationTimestamp ?? learnt;
  const status = r.StandardStatus === 'Closed' ? null : r.StandardStatus;
  const steps: number[] = [];
  for (const p of [r.OriginalListPrice, r.PreviousListPrice, r.ListPrice]) if (p !== null && p !== steps.at(-1)) steps.push(p);
  const out: HistoryEntry[] = [{ at: day(r.ListingContractDate, changedAt), event: 'Listed', price: steps[0] ?? r.ListPrice, status }];
  for (let i = 1; i < steps.length; i++)
    out.push({ at: changedAt, event: priceEvent(steps[i]!, steps[i - 1]!), price: steps[i]!, previousPrice: steps[i - 1]!, status });
  if (r.StandardStatus === 'Closed') out.push({ at: day(r.CloseDate, changedAt), event: 'Sold', price: r.ClosePrice, status: 'Closed' });
  return out;
}
