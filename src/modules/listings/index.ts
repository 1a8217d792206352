export type { ListingEvent } from './listings.events';
export { listingEventTypes } from './listings.events';
export type { ListingDetails, ListingRecord, ListingStatus } from './listing-record';
export type { IsoDate, IsoTimestamp, ResoMedia, ResoOpenHouse, ResoRecord, StandardStatus } from './reso-record';
export type { OpenHouse, OpenHouseType } from './open-house';
export { openHouseDayEnd, openHouseWhen } from '../../contract/open-house-time';
export { listingStream, pdidOf } from './listing-record';
export { type Listing, evolveListing, initialListing } from './listings.events';
export {
  foldListing,
  type ImportCounts,
  type ImportItem,
  importListings,
  MLS_NAME,
  type RejectedRecord,
  summaryLine,
} from './import-listings/listing-importer';
export { MalformedFileError } from './import-listings/json-record-splitter';
export { readListingFile } from './import-listings/read-listing-file';
export { ListingsModule } from './listings.module';
export { leanSearchRoutes } from './search-listings/lean-search-routes';
export { SearchListingsController } from './search-listings/search-listings.http';
export { parseSearchRequest, type SearchRequest } from '../../../projections/search';
export { SavedSearchSuggestions } from './search-listings/saved-search-suggestions.port';
export { type Card, toCard } from './search-listings/card';
export { DEFAULT_MLS_DISCLAIMER, type FeedAttribution, MlsDisclaimers, MlsFeedAttributions, mlsDisclaimer, mlsOfPdid } from './idx/mls-disclaimers';
export { type ParseOptions, type ParsedRecord, parseResoRecord } from './import-listings/parse-reso-record';
export { assertTimeZone } from './import-listings/feed-time';
export { listingDetails, type ListingDetailsView } from './listing-details/listing-details';
