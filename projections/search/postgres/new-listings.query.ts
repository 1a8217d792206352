import type { Queryable } from './postgres-search-index';

/** An active listing as the homeowner digest shows it: where it is, its price and the day it was listed. */
export type NewListingRow = {
  pdid: string;
  address: string | null;
  lat: number;
  lng: number;
  list_price: number | null;
  list_date: string;
  beds: number | null;
  baths: number | null;
  sqft: number | null;
};

/**
 * Active listings (status group 1) with their own point, listed on or after `since` and before
 * `before` (both YYYY-MM-DD), within `degrees` of latitude around a point: the (grp, lat) index
 * finds them; the caller keeps those within its radius. A listing the MLS does not let be shown is
 * left out, and an address it hides is answered as null.
 */
export async function newListingsAround(db: Queryable, lat: number, lng: number, degrees: number, since: string, before: string): Promise<NewListingRow[]> {
  const lngDegrees = degrees / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  const { rows } = await db.query<NewListingRow>(
    `SELECT pdid, CASE WHEN address_display IS DISTINCT FROM false THEN address END AS address, lat, lng, list_price,
            left(list_date, 10) AS list_date, beds, baths, sqft
       FROM search_listings
      WHERE grp = 1 AND lat BETWEEN $1 AND $2 AND lng BETWEEN $3 AND $4 AND NOT location_approximate
        AND list_date ~ '^\\d{4}-\\d{2}-\\d{2}' AND left(list_date, 10) >= $5 AND left(list_date, 10) < $6
        AND listing_display IS DISTINCT FROM false`,
    [lat - degrees, lat + degrees, lng - lngDegrees, lng + lngDegrees, since, before],
  );
  return rows;
}
