import { loadZipDirectory } from '../zip-directory';
import type { ListingRecord } from '../listing-record';

/** The centre of a 5-digit US postal code, or undefined when unknown. */
export type PostalCodeCentres = (zip5: string) => { readonly lat: number; readonly lng: number } | undefined;

let loading: Promise<PostalCodeCentres> | undefined;

/**
 * The centres of the US ZIP Code Tabulation Areas (the zip data the demo uses), loaded on first
 * use: only an import that meets a record without coordinates pays for it.
 */
export function zipCentres(): Promise<PostalCodeCentres> {
  loading ??= loadZipDirectory().then(
    (zips) => (zip5) => {
      const place = zips.get(zip5);
      return place ? { lat: place.latitude, lng: place.longitude } : undefined;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A record the importer must place: no point of its own (or one it may not show), none found yet. */
export const needsPlacing = (r: ListingRecord): boolean => r.locationApproximate && r.Latitude === null;

/**
 * A record without a point of its own, placed at its postal code's centre (still
 * locationApproximate); left without one (unmappable) when the postal code is missing or unknown.
 */
export function placeAtPostalCode(r: ListingRecord, centreOf: PostalCodeCentres): ListingRecord {
  if (!needsPlacing(r)) return r;
  const zip5 = /^\s*(\d{5})(?:$|[^\d])/.exec(r.PostalCode ?? '')?.[1];
  const centre = zip5 === undefined ? undefined : centreOf(zip5);
  return centre ? { ...r, Latitude: centre.lat, Longitude: centre.lng } : r;
}
