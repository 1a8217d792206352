import type { Criteria } from '../../../../../src/contract/search';
import { withCriteria } from './criteria';

/** Sold search needs a city or zip: city, acl_city, acl_zip5 or zip (spec section 5). */
export const hasCityOrZip = (c: Criteria): boolean => ['city', 'acl_city', 'acl_zip5', 'zip'].some((f) => (c[f] ?? '').trim() !== '');

export const isSold = (c: Criteria): boolean => c.soldproperty === '1';

/**
 * Ticking the sold box: with a city or zip the search switches to sold; without one the box is
 * refused (the caller shows the toast and unticks it after 650 ms). Unticking always works.
 */
export function toggleSold(c: Criteria, checked: boolean): { readonly accepted: true; readonly criteria: Criteria } | { readonly accepted: false } {
  if (!checked) return { accepted: true, criteria: withCriteria(c, { soldproperty: undefined, page: undefined }) };
  if (!hasCityOrZip(c)) return { accepted: false };
  return { accepted: true, criteria: withCriteria(c, { soldproperty: '1', page: undefined }) };
}

/** Before a search runs (a refresh): a sold flag without city or zip is dropped, and the caller says so. */
export function enforceSoldRule(c: Criteria): { readonly criteria: Criteria; readonly disabled: boolean } {
  if (isSold(c) && !hasCityOrZip(c)) return { criteria: withCriteria(c, { soldproperty: undefined }), disabled: true };
  return { criteria: c, disabled: false };
}
