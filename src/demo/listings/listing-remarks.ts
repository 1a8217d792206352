import type { ListingKind } from './listing-kinds';
import { pick, type Random } from '../../shared/prng';

export interface RemarksFacts {
  kind: ListingKind;
  bedrooms: number | null;
  city: string;
  waterfront: boolean;
  view: boolean;
  pool: boolean;
  newConstruction: boolean;
}

const ADJECTIVES = ['Charming', 'Spacious', 'Bright', 'Well-kept', 'Updated', 'Inviting'] as const;
const EVERYDAY_FEATURES = [
  'an updated kitchen',
  'a fenced backyard',
  'hardwood floors throughout',
  'a two-car garage',
  'a covered patio',
  'fresh paint inside and out',
] as const;

/** One sentence a listing agent might write, consistent with the listing's own flags. */
export function listingRemarks(random: Random, facts: RemarksFacts): string {
  const { kind, bedrooms, city } = facts;
  if (kind.propertyType === 'Land') {
    return `Buildable lot near ${city}${facts.waterfront ? ' with water frontage' : ''}, utilities at the road.`;
  }
  if (kind.propertyType === 'Commercial Sale') {
    return `${kind.propertySubType} property in ${city}, well located with on-site parking.`;
  }
  if (kind.propertyType === 'Farm') {
    return `Working ${kind.propertySubType.toLowerCase()} outside ${city} with outbuildings and fenced pasture.`;
  }
  const feature = facts.waterfront
    ? 'private water frontage'
    : facts.pool
      ? 'a private pool'
      : facts.view
        ? 'sweeping views'
        : facts.newConstruction
          ? 'brand-new construction and a builder warranty'
          : pick(random, EVERYDAY_FEATURES);
  const size = bedrooms === null ? '' : `${bedrooms}-bedroom `;
  return `${pick(random, ADJECTIVES)} ${size}${noun(kind)} in ${city} with ${feature}.`;
}

function noun(kind: ListingKind): string {
  switch (kind.propertySubType) {
    case 'Condominium':
      return 'condo';
    case 'Townhouse':
      return 'townhouse';
    case 'Manufactured Home':
      return 'manufactured home';
    case 'Single Family Residence':
      return 'home';
    default:
      return kind.propertySubType.toLowerCase();
  }
}
