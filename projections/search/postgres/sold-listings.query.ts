import { normalizeName } from '../search-terms';
import type { Queryable } from './postgres-search-index';

/** A sold listing as the valuation reads it from the search read model. */
export type SoldListingRow = {
  pdid: string;
  address: string | null;
  lat: number;
  lng: number;
  close_price: number;
  close_date: string;
  beds: number | null;
  baths: number | null;
  sqft: number | null;
  lot_sqft: number | null;
  year_built: number | null;
  waterfront: boolean | null;
  view: boolean | null;
};

/**
 * Sold listings (status group 2) with their own point, closed before `before` (YYYY-MM-DD),
 * within `degrees` of latitude around a point: the (grp, lat) index finds them. A listing the
 * MLS does not let be shown is left out, and an address it hides is answered as null.
 */
export async function soldListingsAround(db: Queryable, lat: number, lng: number, degrees: number, before: string): Promise<SoldListingRow[]> {
  const lngDegrees = degrees / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  const { rows } = await db.query<SoldListingRow>(
    `SELECT pdid, CASE WHEN address_display IS DISTINCT FROM false THEN address END AS address, lat, lng, close_price,
            left(close_date, 10) AS close_date, beds, baths, sqft, lot_sqft, year_built, waterfront, view
       FROM search_listings
      WHERE grp = 2 AND lat BETWEEN $1 AND $2 AND lng BETWEEN $3 AND $4 AND NOT location_approximate
        AND close_price > 0 AND close_date ~ '^\\d{4}-\\d{2}-\\d{2}' AND left(close_date, 10) < $5
        AND listing_display IS DISTINCT FROM false`,
    [lat - degrees, lat + degrees, lng - lngDegrees, lng + lngDegrees, before],
  );
  return rows;
}

type AddressRow = SoldListingRow & { postal_code: string | null; city_key: string | null; zip5: string | null };

/**
 * The point and facts of a listing at this street address (any status, newest first); null when
 * none is known. People type the whole address ("12 Pine St, Seattle, WA 98101"), while listings
 * keep the street line alone: the part before the first comma is the street, and a city or ZIP
 * after it picks among listings of that street line in several towns.
 */
export async function listingAtAddress(db: Queryable, address: string): Promise<(SoldListingRow & { postal_code: string | null }) | null> {
  const whole = normalizeName(address);
  if (!whole) return null;
  const [streetPart, ...rest] = whole.split(',');
  const street = normalizeName(streetPart) ?? whole;
  const { rows } = await db.query<AddressRow>(
    `SELECT pdid, address, lat, lng, close_price, left(close_date, 10) AS close_date, beds, baths, sqft, lot_sqft, year_built,
            waterfront, view, postal_code, city_key, zip5
       FROM search_listings
      WHERE address_key = ANY($1) AND lat IS NOT NULL AND NOT location_approximate AND address_display IS DISTINCT FROM false
        AND listing_display IS DISTINCT FROM false
      ORDER BY modified_at DESC NULLS LAST LIMIT 50`,
    [[...new Set([whole, street])]],
  );
  const place = rest.map((p) => normalizeName(p)).filter((p): p is string => p !== null);
  const zips = new Set(place.join(' ').match(/\b\d{5}\b/g) ?? []);
  const fit = (r: AddressRow) => (r.zip5 && zips.has(r.zip5) ? 2 : 0) + (r.city_key && place.includes(r.city_key) ? 1 : 0);
  const best = rows.reduce<AddressRow | null>((b, r) => (b === null || fit(r) > fit(b) ? r : b), null);
  if (!best) return null;
  const { city_key: _city, zip5: _zip, ...row } = best;
  return row;
}
