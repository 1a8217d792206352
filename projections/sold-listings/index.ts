// Sold listings as the valuation reads them, from the search read model's table.
export { listingAtAddress, type SoldListingRow, soldListingsAround } from './sold-listings.query';
