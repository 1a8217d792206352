import { isLease } from '../../src/modules/listings/listings.events';
import type { IndexedListing } from './search-index.port';

/** What a card reads of a listing, as both adapters store it (PostgreSQL columns, Meilisearch fields). */
export type ListingRow = {
  pdid: string;
  listing_id: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  county: string | null;
  price: number | null;
  beds: number | null;
  baths: number | null;
  sqft: number | null;
  status: string;
  property_type: string | null;
  property_subtype: string | null;
  lat: number | null;
  lng: number | null;
  location_approximate: boolean;
  visible_photos: readonly string[];
  all_photos_broken: boolean;
  list_date: string | null;
  close_date: string | null;
  list_office: string | null;
  list_agent: string | null;
  address_display: boolean | null;
};

export function toListing(r: ListingRow): IndexedListing {
  return {
    pdid: r.pdid,
    mlsid: r.listing_id,
    // InternetAddressDisplayYN false: the street address is on no public page.
    address: r.address_display === false ? null : r.address,
    city: r.city,
    state: r.state,
    zip: r.postal_code,
    county: r.county,
    price: r.price,
    beds: r.beds,
    baths: r.baths,
    sqft: r.sqft,
    status: r.status,
    propertyType: r.property_subtype ?? r.property_type,
    latitude: r.lat,
    longitude: r.lng,
    locationApproximate: r.location_approximate,
    forRent: isLease(r.property_type),
    photos: [...r.visible_photos],
    allPhotosBroken: r.all_photos_broken,
    listDate: r.list_date,
    closeDate: r.close_date,
    listOfficeName: r.list_office,
    listAgentName: r.list_agent,
  };
}
