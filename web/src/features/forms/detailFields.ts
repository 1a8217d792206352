/** The inquiry's detail fields as data (spec section 3): the form draws them, the catalogue test walks their labels. */
export type DetailField = {
  readonly name: string;
  readonly label: string;
  readonly type: 'text' | 'number' | 'email' | 'tel' | 'textarea';
  readonly max?: number;
};

/** The inquiry's seller fields (spec section 3), asked on the seller suite's home-value page. */
export const SELLER_FIELDS: readonly DetailField[] = [
  { name: 'PropertyAddress', label: 'Address of the home', type: 'text', max: 300 },
  { name: 'PropertyStyle', label: 'Style (ranch, colonial, condo…)', type: 'text', max: 100 },
  { name: 'PropertySqFt', label: 'Square feet', type: 'number' },
  { name: 'PropertyAge', label: 'Age of the home (years)', type: 'number' },
  { name: 'PropertyBeds', label: 'Bedrooms', type: 'number' },
  { name: 'PropertyBaths', label: 'Bathrooms', type: 'number' },
  { name: 'PropertyFeatures', label: 'Features and updates', type: 'textarea', max: 1000 },
  { name: 'SellerReason', label: 'Why are you selling?', type: 'textarea', max: 1000 },
  { name: 'SellerTimeframe', label: 'When would you like to sell?', type: 'text', max: 100 },
];

/** The inquiry's buyer fields (spec section 3). */
export const BUYER_FIELDS: readonly DetailField[] = [
  { name: 'BuyerLocation', label: 'Where are you looking?', type: 'text', max: 200 },
  { name: 'BuyerMinPrice', label: 'Minimum price', type: 'number' },
  { name: 'BuyerMaxPrice', label: 'Maximum price', type: 'number' },
  { name: 'BuyerBeds', label: 'Bedrooms', type: 'number' },
  { name: 'BuyerPropertyTypes', label: 'Property types', type: 'text', max: 300 },
];

/** The inquiry's referral fields (spec section 3): the friend being referred. */
export const REFERRAL_FIELDS: readonly DetailField[] = [
  { name: 'ReferralFullName', label: 'Your friend’s full name', type: 'text', max: 200 },
  { name: 'ReferralEmail', label: 'Your friend’s email', type: 'email', max: 320 },
  { name: 'ReferralPhone', label: 'Your friend’s phone', type: 'tel', max: 40 },
];
