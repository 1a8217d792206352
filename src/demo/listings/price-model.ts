// Approximate typical home value by state in thousands of dollars, at 2024 levels. Only the
// relative levels matter: demo prices should look right for the place, not match any index.
const STATE_TYPICAL_PRICE_K: Readonly<Record<string, number>> = {
  AL: 225,
  AK: 360,
  AZ: 420,
  AR: 205,
  CA: 770,
  CO: 540,
  CT: 390,
  DE: 370,
  DC: 600,
  FL: 390,
  GA: 325,
  HI: 840,
  ID: 450,
  IL: 265,
  IN: 240,
  IA: 220,
  KS: 225,
  KY: 210,
  LA: 200,
  ME: 390,
  MD: 410,
  MA: 620,
  MI: 240,
  MN: 330,
  MS: 180,
  MO: 245,
  MT: 460,
  NE: 260,
  NV: 430,
  NH: 470,
  NJ: 520,
  NM: 310,
  NY: 470,
  NC: 325,
  ND: 260,
  OH: 225,
  OK: 200,
  OR: 490,
  PA: 260,
  RI: 460,
  SC: 300,
  SD: 300,
  TN: 310,
  TX: 300,
  UT: 520,
  VT: 380,
  VA: 380,
  WA: 590,
  WV: 160,
  WI: 290,
  WY: 340,
};

/** The states (and DC) listings are generated in; territories have no price level here. */
export const GENERATED_STATES: ReadonlySet<string> = new Set(Object.keys(STATE_TYPICAL_PRICE_K));

// Counties whose prices sit far from their state's level, so that Palo Alto and Manhattan do
// not look like the rest of California and New York.
export const COUNTY_PRICE_FACTOR: ReadonlyMap<string, number> = new Map([
  ['CA|San Francisco', 1.8],
  ['CA|San Mateo', 2.0],
  ['CA|Santa Clara', 1.9],
  ['CA|Marin', 1.9],
  ['CA|Alameda', 1.3],
  ['CA|Orange', 1.4],
  ['CA|Los Angeles', 1.15],
  ['CA|San Diego', 1.2],
  ['CA|Santa Barbara', 1.5],
  ['CA|Fresno', 0.55],
  ['CA|Kern', 0.5],
  ['CA|San Bernardino', 0.7],
  ['NY|New York', 2.4],
  ['NY|Kings', 1.9],
  ['NY|Queens', 1.5],
  ['NY|Westchester', 1.5],
  ['NY|Nassau', 1.5],
  ['NY|Erie', 0.55],
  ['NY|Monroe', 0.5],
  ['NY|Onondaga', 0.5],
  ['MA|Suffolk', 1.2],
  ['MA|Middlesex', 1.2],
  ['MA|Nantucket', 3.5],
  ['MA|Dukes', 2.4],
  ['WA|King', 1.45],
  ['WA|San Juan', 1.3],
  ['CO|Pitkin', 6],
  ['CO|Boulder', 1.4],
  ['WY|Teton', 5],
  ['ID|Blaine', 2.5],
  ['UT|Summit', 2.5],
  ['MT|Gallatin', 1.6],
  ['VA|Arlington', 2.0],
  ['VA|Fairfax', 1.8],
  ['VA|Loudoun', 1.8],
  ['MD|Montgomery', 1.4],
  ['TX|Travis', 1.7],
  ['TX|Collin', 1.5],
  ['FL|Miami-Dade', 1.4],
  ['FL|Palm Beach', 1.4],
  ['FL|Monroe', 2.2],
  ['FL|Collier', 1.7],
  ['NJ|Bergen', 1.3],
  ['IL|Cook', 1.15],
  ['GA|Fulton', 1.3],
  ['TN|Williamson', 2.2],
  ['NC|Wake', 1.35],
  ['AZ|Maricopa', 1.1],
  ['MI|Wayne', 0.6],
  ['OH|Cuyahoga', 0.8],
  ['PA|Philadelphia', 0.95],
]);

/** Typical price of a single-family home across a state, in dollars. */
export function statePrice(state: string): number {
  return (STATE_TYPICAL_PRICE_K[state] ?? 300) * 1000;
}

/**
 * How much pricier a place is than its state as a whole, before normalising: callers divide
 * by the state's population-weighted mean so the state's own level is kept.
 */
export function localPriceFactor(state: string, county: string, density: number): number {
  return (COUNTY_PRICE_FACTOR.get(`${state}|${county}`) ?? 1) * densityFactor(density);
}

// Rural places (a few people per km²) sell for about two thirds of the state level and dense
// urban ones for about a third more.
function densityFactor(peoplePerKm2: number): number {
  const factor = 1 + 0.18 * Math.log10(Math.max(peoplePerKm2, 1) / 300);
  return Math.min(1.4, Math.max(0.65, factor));
}

/**
 * Rounds like an asking price: `$349,900`, `$1,250,000`, `$84,500`.
 * `charm` in [0, 1) picks whether a price ends in 900 (about half of them do).
 */
export function askingPrice(dollars: number, charm: number): number {
  if (dollars < 100_000) return Math.max(5_000, Math.round(dollars / 500) * 500);
  if (dollars >= 2_000_000) return Math.round(dollars / 25_000) * 25_000;
  const thousands = Math.round(dollars / 1000) * 1000;
  return charm < 0.5 ? thousands - 100 : thousands;
}
