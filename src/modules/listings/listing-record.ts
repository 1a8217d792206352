import type { StandardStatus } from './reso-record';

export type ListingStatus = Exclude<StandardStatus, 'Delete'>;

/** The descriptive fields of a listing (contract section 4), each null when the feed did not say. */
export type ListingDetails = {
  readonly ListingId: string | null;
  readonly UnparsedAddress: string | null;
  readonly City: string | null;
  readonly StateOrProvince: string | null;
  readonly PostalCode: string | null;
  readonly CountyOrParish: string | null;
  readonly Latitude: number;
  readonly Longitude: number;
  readonly BedroomsTotal: number | null;
  readonly BathroomsTotalInteger: number | null;
  readonly LivingArea: number | null;
  readonly PropertyType: string | null;
  readonly PropertySubType: string | null;
  readonly ListingContractDate: string | null;
  readonly PublicRemarks: string | null;
  readonly WaterfrontYN: boolean | null;
  readonly ViewYN: boolean | null;
  readonly PoolPrivateYN: boolean | null;
  readonly NewConstructionYN: boolean | null;
};

/** One RESO record after validation: every contract field present (null when unknown), photos in order. */
export type ListingRecord = ListingDetails & {
  readonly ListingKey: string;
  readonly StandardStatus: ListingStatus;
  readonly ListPrice: number | null;
  readonly ClosePrice: number | null;
  readonly CloseDate: string | null;
  /** Normalised to a full ISO instant, so that two timestamps compare as strings. */
  readonly ModificationTimestamp: string | null;
  /** Media URLs ordered by their Order. */
  readonly photos: readonly string[];
};

export const DETAIL_FIELDS = [
  'ListingId',
  'UnparsedAddress',
  'City',
  'StateOrProvince',
  'PostalCode',
  'CountyOrParish',
  'Latitude',
  'Longitude',
  'BedroomsTotal',
  'BathroomsTotalInteger',
  'LivingArea',
  'PropertyType',
  'PropertySubType',
  'ListingContractDate',
  'PublicRemarks',
  'WaterfrontYN',
  'ViewYN',
  'PoolPrivateYN',
  'NewConstructionYN',
] as const satisfies readonly (keyof ListingDetails)[];

export const pdidOf = (mls: string, listingKey: string): string => `${mls}-${listingKey}`;
export const listingStream = (pdid: string): string => `listing-${pdid}`;
