import { LISTING_TYPES as CONTRACT_LISTING_TYPES, type ListingType, SORTS as CONTRACT_SORTS, type SortBy } from '../../../../../src/contract/search';

/** Choices offered by the filters form; values are the criteria strings of contract section 3. */
export const PRICE_STEPS = [
  50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 600_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000,
];
/** Rents per month (forrent=1). */
export const RENT_STEPS = [500, 750, 1000, 1250, 1500, 1750, 2000, 2500, 3000, 4000, 5000, 7500, 10_000];
export const SQFT_STEPS = [500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000];
export const BED_CHOICES = ['1', '2', '3', '4', '5'];
export const BATH_CHOICES = ['1', '2', '3', '4'];

const LISTING_TYPE_LABELS: Record<ListingType, string> = {
  singlefamily: 'Single family',
  condo: 'Condo',
  townhouse: 'Townhouse',
  multifamily: 'Multi-family',
  land: 'Land',
  mobile: 'Mobile / manufactured',
  farm: 'Farm',
  commercial: 'Commercial',
};
/** The contract's listing types, in its order, each with the words the form shows. */
export const LISTING_TYPES = CONTRACT_LISTING_TYPES.map((value) => ({ value, label: LISTING_TYPE_LABELS[value] }));

/** Tag flags; the first three show by default, the rest behind 'More Tags'. */
export const TAG_FLAGS = [
  { field: 'pricereduced', label: 'Price reduced' },
  { field: 'openhouse', label: 'Open house' },
  { field: 'newconstruction', label: 'New construction' },
  { field: 'waterfront', label: 'Waterfront' },
  { field: 'view', label: 'View' },
  { field: 'pool', label: 'Private pool' },
] as const;
export const VISIBLE_TAGS = 3;

const SORT_LABELS: Record<SortBy, string> = {
  newest: 'Newest',
  'price-asc': 'Price (low to high)',
  'price-desc': 'Price (high to low)',
  'beds-desc': 'Most bedrooms',
  'sqft-desc': 'Largest',
  nearest: 'Nearest',
};
/** The contract's sort orders, in its order, each with the words the form shows. */
export const SORTS = CONTRACT_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The fields the filters form owns: Reset clears exactly these. */
export const FILTER_FIELDS = ['minprice', 'maxprice', 'beds', 'baths', 'minsqft', 'maxsqft', 'listingtype', ...TAG_FLAGS.map((t) => t.field)] as const;

export const formatMoneyShort = (n: number): string => (n >= 1_000_000 ? `$${+(n / 1_000_000).toFixed(2)}M` : `$${Math.round(n / 1000)}k`);
