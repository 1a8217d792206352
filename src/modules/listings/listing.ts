import { assertNever } from '../../shared/errors';
import { type ListingRecord, upcastRecord } from './listing-record';
import type { ListingEvent } from './listings.events';
import type { OpenHouse } from './open-house';

/** The write model of one listing, folded from its stream. */
export type Listing =
  | { readonly listed: false; readonly removed: boolean }
  | {
      readonly listed: true;
      readonly pdid: string;
      readonly mls: string;
      readonly record: ListingRecord;
      /** Photo URLs visitors reported broken (only ones the listing still has). */
      readonly brokenPhotos: readonly string[];
      /** Reports of photos not (yet) broken, by client: one client alone does not hide a photo. */
      readonly photoReports: readonly PhotoReport[];
      /** Scheduled open houses, past ones included until the feed changes them (details drop them when read). */
      readonly openHouses: readonly OpenHouse[];
    };

export type PhotoReport = { readonly url: string; readonly client: string };

export const initialListing = (): Listing => ({ listed: false, removed: false });

export function evolveListing(state: Listing, event: ListingEvent): Listing {
  if (event.type === 'ListingListed') {
    return { listed: true, pdid: event.data.pdid, mls: event.data.mls, record: upcastRecord(event.data.listing), brokenPhotos: [], photoReports: [], openHouses: [] };
  }
  if (!state.listed) return state;
  switch (event.type) {
    case 'ListingPriceChanged':
      return withRecord(state, { ListPrice: event.data.ListPrice, ModificationTimestamp: event.data.ModificationTimestamp });
    case 'ListingStatusChanged':
      return withRecord(state, {
        StandardStatus: event.data.StandardStatus,
        ClosePrice: event.data.ClosePrice,
        CloseDate: event.data.CloseDate,
        ModificationTimestamp: event.data.ModificationTimestamp,
      });
    case 'ListingDetailsChanged':
      return withRecord(state, { ...event.data.changes, ModificationTimestamp: event.data.ModificationTimestamp });
    case 'ListingPhotosChanged': {
      const next = withRecord(state, { photos: event.data.photos, ModificationTimestamp: event.data.ModificationTimestamp });
      return {
        ...next,
        brokenPhotos: state.brokenPhotos.filter((u) => event.data.photos.includes(u)),
        photoReports: state.photoReports.filter((r) => event.data.photos.includes(r.url)),
      };
    }
    case 'ListingRemoved':
      return { listed: false, removed: true };
    case 'ListingPhotoReported':
      return { ...state, photoReports: [...state.photoReports, { url: event.data.url, client: event.data.client }] };
    case 'ListingPhotoReportedBroken': {
      const photoReports = state.photoReports.filter((r) => r.url !== event.data.url);
      return state.brokenPhotos.includes(event.data.url) ? { ...state, photoReports } : { ...state, brokenPhotos: [...state.brokenPhotos, event.data.url], photoReports };
    }
    case 'ListingOpenHouseAdded':
    case 'ListingOpenHouseChanged': {
      const o = event.data.openHouse;
      const others = state.openHouses.filter((h) => h.OpenHouseKey !== o.OpenHouseKey);
      return { ...withRecord(state, { ModificationTimestamp: event.data.ModificationTimestamp }), openHouses: [...others, o] };
    }
    case 'ListingOpenHouseCancelled': {
      const openHouses = state.openHouses.filter((h) => h.OpenHouseKey !== event.data.OpenHouseKey);
      return { ...withRecord(state, { ModificationTimestamp: event.data.ModificationTimestamp }), openHouses };
    }
    default:
      return assertNever(event);
  }
}

type ListedListing = Extract<Listing, { listed: true }>;

function withRecord(state: ListedListing, patch: Partial<ListingRecord>): ListedListing {
  // A change that carries no feed timestamp keeps the one we have: staleness is judged on it.
  const ModificationTimestamp = patch.ModificationTimestamp ?? state.record.ModificationTimestamp;
  return { ...state, record: { ...state.record, ...patch, ModificationTimestamp } };
}
