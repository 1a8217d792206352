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
  /**
   * Where the listing is shown: the feed's own point, or, when the feed gave none or may not
   * show the address (InternetAddressDisplayYN false), its postal code's centre
   * (locationApproximate); null and null when even the postal code is unknown (unmappable).
   */
  readonly Latitude: number | null;
  readonly Longitude: number | null;
  /** True when Latitude/Longitude are not the home's own point (see above). Absent in events before issue 14: false. */
  readonly locationApproximate: boolean;
  readonly BedroomsTotal: number | null;
  readonly BathroomsTotalInteger: number | null;
  readonly LivingArea: number | null;
  /** The land in square feet and the year built (the seller suite's); absent in events before they were read: unknown. */
  readonly LotSizeSquareFeet?: number | null;
  readonly YearBuilt?: number | null;
  readonly PropertyType: string | null;
  readonly PropertySubType: string | null;
  readonly ListingContractDate: string | null;
  readonly PublicRemarks: string | null;
  readonly WaterfrontYN: boolean | null;
  readonly ViewYN: boolean | null;
  readonly PoolPrivateYN: boolean | null;
  readonly NewConstructionYN: boolean | null;
  /** The first ListPrice and the one before the current (RESO); they enter the price history and "price reduced". */
  readonly OriginalListPrice: number | null;
  readonly PreviousListPrice: number | null;
  /** IDX attribution: "Listing courtesy of {ListOfficeName}" (and the agent). */
  readonly ListOfficeName: string | null;
  /** ListAgentFullName, or ListAgentFirstName and ListAgentLastName joined. */
  readonly ListAgentFullName: string | null;
  /** The agent's and office's MLS ids, for matching a Porchlight agent (listing-agent routing). */
  readonly ListAgentMlsId: string | null;
  readonly ListOfficeMlsId: string | null;
  /** False: the street address is hidden on every public page. */
  readonly InternetAddressDisplayYN: boolean | null;
  /** False: the listing is never shown publicly. */
  readonly InternetEntireListingDisplayYN: boolean | null;
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
  'locationApproximate',
  'BedroomsTotal',
  'BathroomsTotalInteger',
  'LivingArea',
  'LotSizeSquareFeet',
  'YearBuilt',
  'PropertyType',
  'PropertySubType',
  'ListingContractDate',
  'PublicRemarks',
  'WaterfrontYN',
  'ViewYN',
  'PoolPrivateYN',
  'NewConstructionYN',
  'OriginalListPrice',
  'PreviousListPrice',
  'ListOfficeName',
  'ListAgentFullName',
  'ListAgentMlsId',
  'ListOfficeMlsId',
  'InternetAddressDisplayYN',
  'InternetEntireListingDisplayYN',
] as const satisfies readonly (keyof ListingDetails)[];

/** The fields listings imported before issue 14 lack, with what their absence means. */
const ADDED_IN_ISSUE_14 = {
  locationApproximate: false,
  OriginalListPrice: null,
  PreviousListPrice: null,
  ListOfficeName: null,
  ListAgentFullName: null,
  ListAgentMlsId: null,
  ListOfficeMlsId: null,
  InternetAddressDisplayYN: null,
  InternetEntireListingDisplayYN: null,
} as const satisfies Partial<ListingDetails>;

const ADDED_FIELDS = Object.keys(ADDED_IN_ISSUE_14) as (keyof typeof ADDED_IN_ISSUE_14)[];

/**
 * Upcasts a ListingListed's record as stored (events are never rewritten): every field present.
 * A record that has them all is itself (records are never changed in place): the importer folds
 * every record it appends, and `{...defaults, ...record}` costs V8 tens of microseconds per
 * record, the defaults' null fields being generalised to the record's strings each time.
 */
export function upcastRecord(stored: ListingRecord): ListingRecord {
  const missing = ADDED_FIELDS.filter((k) => stored[k] === undefined);
  if (missing.length === 0) return stored;
  const record: Record<string, unknown> = { ...stored };
  for (const k of missing) record[k] = ADDED_IN_ISSUE_14[k];
  return record as ListingRecord;
}

/** Leases are rentals: searched only with forrent=1, priced per month. */
export const LEASE_TYPES: readonly string[] = ['Residential Lease', 'Commercial Lease'];
export const isLease = (propertyType: string | null): boolean => propertyType !== null && LEASE_TYPES.includes(propertyType);

/** Shown publicly (search, cards, details): everything but InternetEntireListingDisplayYN false. */
export const isPubliclyShown = (r: Pick<ListingDetails, 'InternetEntireListingDisplayYN'>): boolean => r.InternetEntireListingDisplayYN !== false;

export const pdidOf = (mls: string, listingKey: string): string => `${mls}-${listingKey}`;
export const listingStream = (pdid: string): string => `listing-${pdid}`;
