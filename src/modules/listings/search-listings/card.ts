import type { IndexedListing } from '../../../../projections/search';
import { priceShort } from '../../../contract/price';
import { type Card, PLACEHOLDER_PHOTO_URL } from '../../../contract/search';

export type { Card };

export function toCard(l: IndexedListing): Card {
  return {
    pdid: l.pdid,
    mlsid: l.mlsid,
    address: l.address,
    city: l.city,
    state: l.state,
    zip: l.zip,
    county: l.county,
    price: l.price,
    priceShort: priceShort(l.price),
    beds: l.beds,
    baths: l.baths,
    sqft: l.sqft,
    status: l.status,
    propertyType: l.propertyType,
    latitude: l.latitude,
    longitude: l.longitude,
    locationApproximate: l.locationApproximate,
    forRent: l.forRent,
    photos: l.allPhotosBroken ? [PLACEHOLDER_PHOTO_URL] : [...l.photos],
    listDate: l.listDate,
    closeDate: l.closeDate,
    listOfficeName: l.listOfficeName,
    listAgentName: l.listAgentName,
  };
}
