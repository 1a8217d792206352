import { assertNever } from '../../contract/assert-never';
import { type ListingDetails, type ListingRecord, type ListingStatus, upcastRecord } from './listing-record';
import type { OpenHouse } from './open-house';

// The data the events carry, so that read models need nothing else from this context.
export type { ListingDetails, ListingRecord, ListingStatus } from './listing-record';
export { isLease, isPubliclyShown, LEASE_TYPES, upcastRecord } from './listing-record';
export type { OpenHouse } from './open-house';

/**
 * The listings context's events. A listing's stream is `listing-{pdid}`, pdid = `MLSNAME-ListingKey`.
 * `ModificationTimestamp` is the feed's own time of the change (null when the feed gave none);
 * the moment it was imported is in the metadata.
 */
export type ListingListed = {
  readonly type: 'ListingListed';
  readonly data: { readonly pdid: string; readonly mls: string; readonly listing: ListingRecord };
};

/** A drop (ListPrice below previousListPrice) is what "price reduced" and alerts read. */
export type ListingPriceChanged = {
  readonly type: 'ListingPriceChanged';
  readonly data: {
    readonly pdid: string;
    readonly ListPrice: number | null;
    readonly previousListPrice: number | null;
    readonly ModificationTimestamp: string | null;
  };
};

/** Active, Pending, Closed (with its ClosePrice and CloseDate), Withdrawn... */
export type ListingStatusChanged = {
  readonly type: 'ListingStatusChanged';
  readonly data: {
    readonly pdid: string;
    readonly StandardStatus: ListingStatus;
    readonly previousStatus: ListingStatus;
    readonly ClosePrice: number | null;
    readonly CloseDate: string | null;
    readonly ModificationTimestamp: string | null;
  };
};

/** Only the fields that changed. ClosePrice and CloseDate are here when the status stayed. */
export type ListingDetailsChanged = {
  readonly type: 'ListingDetailsChanged';
  readonly data: {
    readonly pdid: string;
    readonly changes: Partial<ListingDetails> & { readonly ClosePrice?: number | null; readonly CloseDate?: string | null };
    readonly ModificationTimestamp: string | null;
  };
};

export type ListingPhotosChanged = {
  readonly type: 'ListingPhotosChanged';
  readonly data: {
    readonly pdid: string;
    readonly photos: readonly string[];
    /** How many of `photos` the listing did not have before; absent in events written before it was recorded. */
    readonly added?: number;
    readonly ModificationTimestamp: string | null;
  };
};

/** The feed sent StandardStatus Delete: the listing leaves every search. A later record lists it again. */
export type ListingRemoved = {
  readonly type: 'ListingRemoved';
  readonly data: { readonly pdid: string; readonly ModificationTimestamp: string | null };
};

/**
 * One client's browser could not load this photo: not yet enough to hide it (see
 * decideReportBrokenPhoto). `client` is a keyed hash of the client's address, never the address.
 */
export type ListingPhotoReported = {
  readonly type: 'ListingPhotoReported';
  readonly data: { readonly pdid: string; readonly url: string; readonly client: string };
};

/** Visitors' browsers could not load this photo: it is hidden; when all of a listing's photos broke, a placeholder shows. */
export type ListingPhotoReportedBroken = {
  readonly type: 'ListingPhotoReportedBroken';
  readonly data: { readonly pdid: string; readonly url: string };
};

/**
 * A new open house (also one the feed schedules again after cancelling it). `listingStatus` is
 * the listing's status at the time: alerts tell of open houses of Active listings only.
 */
export type ListingOpenHouseAdded = {
  readonly type: 'ListingOpenHouseAdded';
  readonly data: { readonly pdid: string; readonly openHouse: OpenHouse; readonly listingStatus: ListingStatus; readonly ModificationTimestamp: string | null };
};

/** A known open house whose times, type or remarks changed (same OpenHouseKey); `previous` is how it was. */
export type ListingOpenHouseChanged = {
  readonly type: 'ListingOpenHouseChanged';
  readonly data: {
    readonly pdid: string;
    readonly openHouse: OpenHouse;
    readonly previous: OpenHouse;
    readonly listingStatus: ListingStatus;
    readonly ModificationTimestamp: string | null;
  };
};

/**
 * The feed marked an open house Cancelled, or dropped it before its end time. `openHouse` (how it
 * was) and `listingStatus` tell favourites what was called off; events from before they were
 * recorded lack them.
 */
export type ListingOpenHouseCancelled = {
  readonly type: 'ListingOpenHouseCancelled';
  readonly data: {
    readonly pdid: string;
    readonly OpenHouseKey: string;
    readonly openHouse?: OpenHouse;
    readonly listingStatus?: ListingStatus;
    readonly ModificationTimestamp: string | null;
  };
};

export type ListingEvent =
  | ListingListed
  | ListingPriceChanged
  | ListingStatusChanged
  | ListingDetailsChanged
  | ListingPhotosChanged
  | ListingRemoved
  | ListingPhotoReported
  | ListingPhotoReportedBroken
  | ListingOpenHouseAdded
  | ListingOpenHouseChanged
  | ListingOpenHouseCancelled;

export const listingEventTypes = [
  'ListingListed',
  'ListingPriceChanged',
  'ListingStatusChanged',
  'ListingDetailsChanged',
  'ListingPhotosChanged',
  'ListingRemoved',
  'ListingPhotoReported',
  'ListingPhotoReportedBroken',
  'ListingOpenHouseAdded',
  'ListingOpenHouseChanged',
  'ListingOpenHouseCancelled',
] as const satisfies readonly ListingEvent['type'][];

// The fold of a listing's events. It lives beside the events, so the write side and the search
// read model read a listing's history the same way, and the read model needs nothing else from
// this context.

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
    return {
      listed: true,
      pdid: event.data.pdid,
      mls: event.data.mls,
      record: upcastRecord(event.data.listing),
      brokenPhotos: [],
      photoReports: [],
      openHouses: [],
    };
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
      return state.brokenPhotos.includes(event.data.url)
        ? { ...state, photoReports }
        : { ...state, brokenPhotos: [...state.brokenPhotos, event.data.url], photoReports };
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
