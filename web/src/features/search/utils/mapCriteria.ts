import type { Criteria, MapBounds } from '../../../../../src/contract/search';
import { formatPolygons, parsePolygons, type Ring } from '../../map';
import { BOX_FIELDS, hasBox, withCriteria } from './criteria';
import { TAG_FIELDS } from './tags';

const round6 = (n: number) => (Math.round(n * 1e6) / 1e6).toFixed(6);

/**
 * A map moved by the visitor with 'search as I move the map' on: the box becomes the place
 * (location tags and a start point give way) and results come nearest first (spec section 9).
 */
export function criteriaForMapMove(c: Criteria, b: MapBounds): Criteria {
  const patch: Record<string, string | undefined> = {
    minlat: round6(b.minLat),
    maxlat: round6(b.maxLat),
    minlong: round6(b.minLng),
    maxlong: round6(b.maxLng),
    sortby: 'nearest',
    page: undefined,
    lat: undefined,
    long: undefined,
    radius: undefined,
  };
  for (const f of TAG_FIELDS) patch[f] = undefined;
  return withCriteria(c, patch);
}

export const withoutBox = (c: Criteria): Criteria =>
  withCriteria(c, {
    ...Object.fromEntries(BOX_FIELDS.map((f) => [f, undefined])),
    sortby: c.sortby === 'nearest' && !c.lat ? undefined : c.sortby,
    page: undefined,
  });

export const polygonsOf = (c: Criteria): Ring[] => parsePolygons(c.polygonmap);

export const withPolygons = (c: Criteria, rings: readonly Ring[]): Criteria =>
  withCriteria(c, { polygonmap: formatPolygons(rings) || undefined, page: undefined });

export const boxOf = (c: Criteria): MapBounds | null =>
  hasBox(c) ? { minLat: Number(c.minlat), maxLat: Number(c.maxlat), minLng: Number(c.minlong), maxLng: Number(c.maxlong) } : null;

/** Whether the first results should frame the map: a polygon, city, county or zip was given (spec section 4). */
export const fitsFirstResults = (c: Criteria): boolean => ['polygonmap', 'city', 'acl_city', 'acl_county', 'zip', 'acl_zip5'].some((f) => c[f]);

/**
 * The named places of a search: when they change the map reframes. Drawn polygons and moved boxes
 * are not in it: the visitor made them on the map as it stands.
 */
export const placeKey = (c: Criteria): string => TAG_FIELDS.map((f) => c[f] ?? '').join('|');
