import type { ListingType } from './search-criteria';

/**
 * How listing text becomes searchable, shared by the projection that stores it, the criteria
 * parser that queries it and the reference test. Keyword words are runs of letters and digits,
 * lower-cased: "123 N.E. Main-St" has the words 123, n, e, main, st.
 */
export function keywordWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export const normalizeName = (name: string | null | undefined): string | null => {
  const t = name?.trim().replace(/\s+/g, ' ').toLowerCase();
  return t ? t : null;
};

/** "King County", "king" and " KING county " are one county. */
export const normalizeCounty = (name: string | null | undefined): string | null => {
  const t = normalizeName(name)?.replace(/ county$/, '');
  return t ? t : null;
};

export const zip5Of = (postalCode: string | null | undefined): string | null => {
  const m = postalCode ? /^\s*(\d{5})(?:$|[^\d])/.exec(postalCode) : null;
  return m ? m[1]! : null;
};

/** The property-type bits of contract section 3's listingtype values. */
export const TYPE_BITS: Record<ListingType, number> = {
  singlefamily: 1,
  condo: 2,
  townhouse: 4,
  multifamily: 8,
  land: 16,
  mobile: 32,
  farm: 64,
  commercial: 128,
};

export function listingTypeBits(propertyType: string | null, subType: string | null): number {
  let bits = 0;
  if (subType === 'Single Family Residence') bits |= TYPE_BITS.singlefamily;
  if (subType === 'Condominium') bits |= TYPE_BITS.condo;
  if (subType === 'Townhouse') bits |= TYPE_BITS.townhouse;
  if (propertyType === 'Residential Income' || subType === 'Duplex' || subType === 'Triplex' || subType === 'Quadruplex') bits |= TYPE_BITS.multifamily;
  if (propertyType === 'Land') bits |= TYPE_BITS.land;
  if (subType === 'Manufactured Home' || subType === 'Mobile Home') bits |= TYPE_BITS.mobile;
  if (propertyType === 'Farm') bits |= TYPE_BITS.farm;
  if (propertyType === 'Commercial Sale' || propertyType === 'Commercial Lease') bits |= TYPE_BITS.commercial;
  return bits;
}
