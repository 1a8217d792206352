/** A property type/subtype pair the generator produces, with how such listings look. */
export interface ListingKind {
  propertyType: string;
  propertySubType: string;
  /** Relative share of listings in urban, suburban and rural zips (see densityTier). */
  shares: readonly [urban: number, suburban: number, rural: number];
  /** Price relative to a typical single-family home of the place. */
  priceFactor: number;
  /** Bedroom range, or null where bedrooms and living area do not apply. */
  bedrooms: readonly [min: number, max: number] | null;
  /** Living area in sq ft is about base + perBedroom × bedrooms. */
  livingArea: { base: number; perBedroom: number };
  /** A private pool is possible (not for condos, land or commercial buildings). */
  canHavePool: boolean;
  newConstructionRate: number;
}

// Shares in percent per tier: cities list more condos and commercial property, the
// countryside more land, farms and manufactured homes. Population-weighted across the country
// this gives about 59% single-family, 11% condo, 7% townhouse, 3% multi-family, 11% land,
// 4% manufactured, 2% farm and 3% commercial, close to a typical MLS's active inventory.
export const LISTING_KINDS: readonly ListingKind[] = [
  kind('Residential', 'Single Family Residence', [45, 66, 55], 1, [1, 6], 600, 450, true, 0.09),
  kind('Residential', 'Condominium', [30, 9, 1], 0.7, [1, 3], 350, 400, false, 0.09),
  kind('Residential', 'Townhouse', [10, 8, 1], 0.85, [2, 4], 500, 400, true, 0.1),
  kind('Residential Income', 'Duplex', [3, 2, 1], 1.2, [2, 6], 700, 350, false, 0.03),
  kind('Residential Income', 'Triplex', [1.5, 0.5, 0.2], 1.5, [3, 6], 900, 350, false, 0.02),
  kind('Residential Income', 'Quadruplex', [1.5, 0.5, 0.1], 1.8, [4, 6], 1100, 350, false, 0.02),
  kind('Residential', 'Manufactured Home', [0.5, 3, 9], 0.35, [2, 4], 500, 300, false, 0.15),
  kind('Land', 'Unimproved Land', [3, 8, 25], 0.22, null, 0, 0, false, 0),
  kind('Farm', 'Farm', [0, 0.3, 4], 1.8, [2, 5], 800, 400, true, 0.02),
  kind('Farm', 'Ranch', [0, 0.2, 2], 2.2, [2, 5], 900, 450, true, 0.02),
  kind('Commercial Sale', 'Office', [1.5, 0.6, 0.3], 2.5, null, 0, 0, false, 0.03),
  kind('Commercial Sale', 'Retail', [1.5, 0.8, 0.6], 2.0, null, 0, 0, false, 0.03),
  kind('Commercial Sale', 'Industrial', [0.5, 0.4, 0.3], 3.0, null, 0, 0, false, 0.03),
  kind('Commercial Sale', 'Mixed Use', [1.5, 0.5, 0.2], 2.5, null, 0, 0, false, 0.03),
  kind('Commercial Sale', 'Warehouse', [0.5, 0.2, 0.3], 2.2, null, 0, 0, false, 0.03),
];

function kind(
  propertyType: string,
  propertySubType: string,
  shares: readonly [number, number, number],
  priceFactor: number,
  bedrooms: readonly [number, number] | null,
  base: number,
  perBedroom: number,
  canHavePool: boolean,
  newConstructionRate: number,
): ListingKind {
  return {
    propertyType,
    propertySubType,
    shares,
    priceFactor,
    bedrooms,
    livingArea: { base, perBedroom },
    canHavePool,
    newConstructionRate,
  };
}

export type DensityTier = 0 | 1 | 2;

/** Urban above 2,000 people/km², rural below 100; each holds about a fifth to a quarter of people. */
export function densityTier(peoplePerKm2: number): DensityTier {
  if (peoplePerKm2 >= 2000) return 0;
  if (peoplePerKm2 >= 100) return 1;
  return 2;
}
