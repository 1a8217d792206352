import type { StandardStatus } from '../reso-record';

/**
 * RESO Data Dictionary lookups as feeds send them: by display name (`Active Under Contract`)
 * or by lookup name (`ActiveUnderContract`), in any case. Both are compared without case,
 * spaces and punctuation, and stored by display name.
 */
const keyOf = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function lookup<T extends string>(values: readonly T[], aliases: Record<string, T> = {}): (v: string) => T | undefined {
  const byKey = new Map<string, T>(values.map((v) => [keyOf(v), v]));
  for (const [alias, value] of Object.entries(aliases)) byKey.set(keyOf(alias), value);
  return (v) => byKey.get(keyOf(v));
}

export const STANDARD_STATUSES: readonly StandardStatus[] = [
  'Active',
  'Active Under Contract',
  'Canceled',
  'Closed',
  'Coming Soon',
  'Delete',
  'Expired',
  'Hold',
  'Incomplete',
  'Pending',
  'Withdrawn',
];

/** StandardStatus by display or lookup name; `Cancelled` is the British spelling of `Canceled`. */
export const standardStatusOf = lookup(STANDARD_STATUSES, { Cancelled: 'Canceled' });

export const PROPERTY_TYPES = [
  'Business Opportunity',
  'Commercial Lease',
  'Commercial Sale',
  'Farm',
  'Land',
  'Manufactured In Park',
  'Residential',
  'Residential Income',
  'Residential Lease',
] as const;

export const PROPERTY_SUB_TYPES = [
  'Agriculture',
  'Apartment',
  'Boat Slip',
  'Business',
  'Cabin',
  'Condominium',
  'Deeded Parking',
  'Duplex',
  'Farm',
  'Hotel/Motel',
  'Industrial',
  'Manufactured Home',
  'Manufactured On Land',
  'Mixed Use',
  'Mobile Home',
  'Multi Family',
  'Office',
  'Own Your Own',
  'Quadruplex',
  'Ranch',
  'Retail',
  'Single Family Residence',
  'Stock Cooperative',
  'Timeshare',
  'Townhouse',
  'Triplex',
  'Unimproved Land',
  'Warehouse',
] as const;

/** A known PropertyType by its display name; an MLS's own value is kept as it came. */
export const propertyTypeOf = lookup<string>(PROPERTY_TYPES);
export const propertySubTypeOf = lookup<string>(PROPERTY_SUB_TYPES, { SingleFamily: 'Single Family Residence', Condo: 'Condominium' });
