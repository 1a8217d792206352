import type { Criteria } from '../../api/types';

/** Every criteria field of contract section 3, in the order the client writes them. */
export const CRITERIA_FIELDS = [
  'kw', 'acl_kw', 'acl_city', 'city', 'acl_county', 'acl_zip5', 'zip', 'mlsid',
  'minprice', 'maxprice', 'beds', 'baths', 'minsqft', 'maxsqft', 'listingtype', 'soldproperty',
  'waterfront', 'view', 'pool', 'newconstruction', 'openhouse', 'pricereduced',
  'polygonmap', 'radius', 'lat', 'long', 'minlat', 'maxlat', 'minlong', 'maxlong',
  'sortby', 'page', 'perpage',
] as const;
export type CriteriaField = (typeof CRITERIA_FIELDS)[number];

const KNOWN = new Set<string>(CRITERIA_FIELDS);
export const isCriteriaField = (k: string): k is CriteriaField => KNOWN.has(k);

export const BOX_FIELDS = ['minlat', 'maxlat', 'minlong', 'maxlong'] as const;

/** Drops empty values and unknown keys, orders the rest: equal searches compare equal. */
export function cleanCriteria(c: Readonly<Record<string, string | undefined>>): Criteria {
  const out: Record<string, string> = {};
  for (const f of CRITERIA_FIELDS) {
    const v = c[f]?.trim();
    if (v) out[f] = v;
  }
  return out;
}

export const withCriteria = (c: Criteria, patch: Readonly<Record<string, string | undefined>>): Criteria => cleanCriteria({ ...c, ...patch });

export const sameCriteria = (a: Criteria, b: Criteria): boolean => new URLSearchParams(cleanCriteria(a)).toString() === new URLSearchParams(cleanCriteria(b)).toString();

export const hasBox = (c: Criteria): boolean => BOX_FIELDS.every((f) => c[f] !== undefined);
