export { feedListingsProjection } from './feed-listings.projection';
export { heldListingCount, listingKeysMissingFrom } from './feed-listings.query';
