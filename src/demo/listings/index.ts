export { readKingCountySales } from './king-county';
export { readSacramentoListings } from './sacramento';
export { generateListings, type GenerateListingsOptions } from './generate-listings';
export { loadZipDirectory, type ZipDirectory, type ZipPlace } from '../../modules/listings/zip-directory';
export { DEMO_PHOTO_COUNT, demoMedia, withDemoMedia } from './demo-media';
export { generatedListingItems, resoItems } from './demo-listing-source';
export { DEMO_AGENT_MLS_IDS, DEMO_OFFICE, demoAgentListing, demoAttribution } from './demo-attribution';
export { monthsLater, monthsToLastFullMonth, movedToLastFullMonth, recordMonthsLater } from './months-later';
