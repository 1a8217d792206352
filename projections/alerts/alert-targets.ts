import { parseSearchRequest } from '../search';
import { boxAround } from '../search';
import type { Box, SearchCriteria } from '../search';
import { normalizeCounty, normalizeName, zip5Of } from '../search';

/**
 * How the alerts find candidate saved searches for a changed listing without testing all of
 * them: a search with a place on the map (polygons, radius or box) is found by its bounding box;
 * otherwise by one of its place keys (city, zip, county, MLS number); a search with neither is
 * tested against every change. The SearchIndex port then decides exactly.
 */
export type Target = { readonly box: Box | null; readonly places: readonly string[] };

export function criteriaOf(raw: Readonly<Record<string, string>>): SearchCriteria | undefined {
  try {
    return parseSearchRequest(raw, 'list').criteria;
  } catch {
    return undefined; // a search that no longer parses can never match
  }
}

export function targetOf(c: SearchCriteria): Target {
  if (c.polygons && c.polygons.length > 0) {
    const pts = c.polygons.flat();
    return {
      box: {
        minLat: Math.min(...pts.map((p) => p.lat)),
        maxLat: Math.max(...pts.map((p) => p.lat)),
        minLng: Math.min(...pts.map((p) => p.lng)),
        maxLng: Math.max(...pts.map((p) => p.lng)),
      },
      places: [],
    };
  }
  if (c.radius) return { box: boxAround(c.radius.center, c.radius.miles), places: [] };
  if (c.box) return { box: c.box, places: [] };
  if (c.cities[0]) return { box: null, places: c.cities[0].map((k) => `city:${k}`) };
  if (c.zips[0]) return { box: null, places: c.zips[0].map((z) => `zip:${z}`) };
  if (c.counties[0]) return { box: null, places: [`county:${c.counties[0]}`] };
  if (c.mlsids[0]) return { box: null, places: c.mlsids[0].map((m) => `mlsid:${m}`) };
  return { box: null, places: [] };
}

/** The place keys of a listing, normalised as the index and the criteria parser normalise them. */
export function placesOf(l: { city: string | null; zip: string | null; county: string | null; mlsid: string | null }): string[] {
  const keys = [
    ['city', normalizeName(l.city)],
    ['zip', zip5Of(l.zip)],
    ['county', normalizeCounty(l.county)],
    ['mlsid', normalizeName(l.mlsid)],
  ] as const;
  return keys.filter(([, v]) => v).map(([k, v]) => `${k}:${v}`);
}
