/** Choices offered by the filters form; values are the criteria strings of contract section 3. */
export const PRICE_STEPS = [50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 600_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000];
/** Rents per month (forrent=1). */
export const RENT_STEPS = [500, 750, 1000, 1250, 1500, 1750, 2000, 2500, 3000, 4000, 5000, 7500, 10_000];
export const SQFT_STEPS = [500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000];
export const BED_CHOICES = ['1', '2', '3', '4', '5'];
export const BATH_CHOICES = ['1', '2', '3', '4'];

export const LISTING_TYPES = [
  { value: 'singlefamily', label: 'Single family' },
  { value: 'condo', label: 'Condo' },
  { value: 'townhouse', label: 'Townhouse' },
  { value: 'multifamily', label: 'Multi-family' },
  { value: 'land', label: 'Land' },
  { value: 'mobile', label: 'Mobile / manufactured' },
  { value: 'farm', label: 'Farm' },
  { value: 'commercial', label: 'Commercial' },
] as const;

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

export const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price (low to high)' },
  { value: 'price-desc', label: 'Price (high to low)' },
  { value: 'beds-desc', label: 'Most bedrooms' },
  { value: 'sqft-desc', label: 'Largest' },
  { value: 'nearest', label: 'Nearest' },
] as const;

/** The fields the filters form owns: Reset clears exactly these. */
export const FILTER_FIELDS = ['minprice', 'maxprice', 'beds', 'baths', 'minsqft', 'maxsqft', 'listingtype', ...TAG_FLAGS.map((t) => t.field)] as const;

export const formatMoneyShort = (n: number): string => (n >= 1_000_000 ? `$${+(n / 1_000_000).toFixed(2)}M` : `$${Math.round(n / 1000)}k`);
