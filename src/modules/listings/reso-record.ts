/** `YYYY-MM-DD`. */
export type IsoDate = string;
/** Full ISO 8601 instant, e.g. `2014-10-13T00:00:00.000Z`. */
export type IsoTimestamp = string;

/** The RESO Data Dictionary StandardStatus lookup values. */
export type StandardStatus =
  'Active' | 'Active Under Contract' | 'Canceled' | 'Closed' | 'Coming Soon' | 'Delete' | 'Expired' | 'Hold' | 'Incomplete' | 'Pending' | 'Withdrawn';

export interface ResoMedia {
  MediaURL: string;
  Order: number;
}

/** A RESO OpenHouse resource record, as a listing record carries it in `OpenHouse`. */
export interface ResoOpenHouse {
  OpenHouseKey: string;
  /** ISO 8601 with the listing's local UTC offset. */
  OpenHouseStartTime: string;
  OpenHouseEndTime: string;
  OpenHouseType: 'Public' | 'Broker';
  OpenHouseStatus?: 'Active' | 'Cancelled' | 'Ended';
  OpenHouseRemarks?: string | null;
}

/**
 * Optional fields may be absent or null, as RESO/OData feeds send them. Our mappers use null
 * for a field the source carries but whose value is unknown (a zero-bedroom Sacramento row),
 * and leave out a field the source does not carry at all (pools in King County).
 */
interface ResoRecordFields {
  ListingKey: string;
  StandardStatus: StandardStatus;
  Latitude: number;
  Longitude: number;
  ListingId?: string | null;
  UnparsedAddress?: string | null;
  City?: string | null;
  StateOrProvince?: string | null;
  PostalCode?: string | null;
  CountyOrParish?: string | null;
  BedroomsTotal?: number | null;
  BathroomsTotalInteger?: number | null;
  LivingArea?: number | null;
  /** Square feet of land; the RESO Data Dictionary field. */
  LotSizeSquareFeet?: number | null;
  YearBuilt?: number | null;
  PropertyType?: string | null;
  PropertySubType?: string | null;
  ListingContractDate?: IsoDate | null;
  CloseDate?: IsoDate | null;
  ModificationTimestamp?: IsoTimestamp | null;
  PublicRemarks?: string | null;
  WaterfrontYN?: boolean | null;
  ViewYN?: boolean | null;
  PoolPrivateYN?: boolean | null;
  NewConstructionYN?: boolean | null;
  Media?: ResoMedia[] | null;
  OpenHouse?: ResoOpenHouse[] | null;
  /** IDX attribution: "Listing courtesy of {ListAgentFullName}, {ListOfficeName}". */
  ListOfficeName?: string | null;
  ListOfficeMlsId?: string | null;
  ListAgentFullName?: string | null;
  ListAgentMlsId?: string | null;
  /** False: the MLS does not let the listing be shown publicly (only its agent sees it). */
  InternetEntireListingDisplayYN?: boolean | null;
}

/** The import contract (section 4) needs a ListPrice or a ClosePrice: at least one is set. */
type ResoPrice = { ListPrice: number; ClosePrice?: number | null } | { ListPrice?: number | null; ClosePrice: number };

export type ResoRecord = ResoRecordFields & ResoPrice;
