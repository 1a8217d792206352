import { CRITERIA_FIELDS, type Criteria, type CriteriaField } from '../../../../../src/contract/search';

export { CRITERIA_FIELDS, type CriteriaField };

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

export const sameCriteria = (a: Criteria, b: Criteria): boolean =>
  new URLSearchParams(cleanCriteria(a)).toString() === new URLSearchParams(cleanCriteria(b)).toString();

export const hasBox = (c: Criteria): boolean => BOX_FIELDS.every((f) => c[f] !== undefined);
