import { pick, randomInt, type Random } from '../../shared/prng';

// Common US street names (presidents, trees, landforms), so invented addresses read like real
// ones without pointing at any real house.
const STREET_NAMES = [
  'Main',
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Park',
  'Lake',
  'Hill',
  'Washington',
  'Lincoln',
  'Jefferson',
  'Madison',
  'Franklin',
  'Jackson',
  'Church',
  'Spring',
  'River',
  'Sunset',
  'Highland',
  'Forest',
  'Meadow',
  'Willow',
  'Birch',
  'Walnut',
  'Chestnut',
  'Cherry',
  'Hickory',
  'Aspen',
  'Sycamore',
  'Magnolia',
  'Dogwood',
  'Laurel',
  'Holly',
  'Ridge',
  'Valley',
  'Prospect',
  'Center',
  'Mill',
  'Bridge',
  'Union',
  'Liberty',
  'Jasmine',
  'Orchard',
  'Vista',
  'Fairview',
  'Greenwood',
  'Lakeview',
  'Woodland',
  'Summit',
  'Cambridge',
  'Oxford',
  'Hamilton',
  'Adams',
  'Monroe',
  'Wilson',
  'Grant',
  'Harrison',
  'Evergreen',
  'Bayview',
  'Canyon',
  'Mesa',
  'Prairie',
  'Harbor',
  'Juniper',
  'Poplar',
] as const;

const STREET_SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Rd', 'Ct', 'Way', 'Pl', 'Blvd', 'Cir'] as const;

export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

function houseNumber(random: Random): number {
  return randomInt(random, 1, random() < 0.7 ? 9999 : 29999);
}

/** `1234 Maple Ave`, or a numbered street one time in eight (`412 3rd St`). */
export function streetAddress(random: Random): string {
  if (random() < 0.125) {
    return `${houseNumber(random)} ${ordinal(randomInt(random, 1, 40))} ${random() < 0.5 ? 'St' : 'Ave'}`;
  }
  return namedStreetAddress(random);
}

export function namedStreetAddress(random: Random): string {
  return `${houseNumber(random)} ${pick(random, STREET_NAMES)} ${pick(random, STREET_SUFFIXES)}`;
}

// King County's numbered grid has its quadrants (NE, SW, ...) around downtown Seattle; taking
// the quadrant from the parcel's side of this point keeps invented addresses on the right side.
const KING_COUNTY_GRID_ORIGIN = { latitude: 47.6015, longitude: -122.3343 };

/**
 * Much of King County is addressed on its numbered grid (`NE 85th St`, `132nd Ave SE`), so half
 * of the invented addresses use it and half use common street names.
 */
export function kingCountyStreetAddress(random: Random, latitude: number, longitude: number): string {
  if (random() < 0.5) return namedStreetAddress(random);
  const quadrant = (latitude >= KING_COUNTY_GRID_ORIGIN.latitude ? 'N' : 'S') + (longitude >= KING_COUNTY_GRID_ORIGIN.longitude ? 'E' : 'W');
  const number = randomInt(random, 100, 29999);
  const gridNumber = randomInt(random, 1, 350);
  return random() < 0.5 ? `${number} ${quadrant} ${ordinal(gridNumber)} St` : `${number} ${ordinal(gridNumber)} Ave ${quadrant}`;
}
