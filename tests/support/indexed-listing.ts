import type { IndexedListing } from '../../projections/search';

/**
 * A home as the search index answers it (T-1 in Kent, WA, $475,000, 3 bd · 2 ba · 1,500 sq ft,
 * one demo photo, no attribution), for the specs of the e-mails that show listings (alerts,
 * shares, listings an agent sends): each changes only what it checks.
 */
export const indexedListing = (over: Partial<IndexedListing> = {}): IndexedListing => ({
  pdid: 'T-1',
  mlsid: 'ML1',
  address: '1 Main St',
  city: 'Kent',
  state: 'WA',
  zip: '98032',
  county: 'King',
  price: 475_000,
  beds: 3,
  baths: 2,
  sqft: 1500,
  status: 'Active',
  propertyType: 'Residential',
  latitude: 47.4,
  longitude: -122.2,
  locationApproximate: false,
  forRent: false,
  photos: ['/demo-photos/1.svg'],
  allPhotosBroken: false,
  listDate: '2024-05-01',
  closeDate: null,
  listOfficeName: null,
  listAgentName: null,
  ...over,
});
