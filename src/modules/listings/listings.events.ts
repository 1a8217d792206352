import type { ListingDetails, ListingRecord, ListingStatus } from './listing-record';
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
  readonly data: { readonly pdid: string; readonly photos: readonly string[]; readonly ModificationTimestamp: string | null };
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
