import type { IndexedListing } from '../../../../projections/search';
import { type Card, PLACEHOLDER_PHOTO_URL } from '../../../contract/search';

export type { Card };

/**
 * $950, $222k, $1.25M, $1M ($999,600 rounds to a thousand thousands: $1M). A rent (`perMonth`)
 * says "/mo" and keeps a decimal below $10k, where rents differ: $950/mo, $2.1k/mo, $12k/mo.
 */
export function priceShort(price: number | null, perMonth = false): string | null {
  if (price === null) return null;
  if (perMonth) return `${price >= 1000 && price < 9950 ? `$${String(Math.round(price / 100) / 10)}k` : priceShort(price)}/mo`;
  if (price < 1000) return `$${Math.round(price)}`;
  const k = Math.round(price / 1000);
  if (k < 1000) return `$${k}k`;
  return `$${String(Math.round(price / 10_000) / 100)}M`;
}

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
    priceShort: priceShort(l.price, l.forRent),
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
