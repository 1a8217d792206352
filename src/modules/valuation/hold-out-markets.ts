import { mulberry32 } from '../../shared/prng';
import { milesBetween, type SoldHome } from './sold-home';

/**
 * Markets the valuation was not tuned on, cut from one it holds: each takes away what a feed of
 * another market may lack (many sales, a long history, the homes' descriptions).
 */

/** The `count` sales nearest a point: one town and its edge, with no sale beyond it to lean on. */
export function oneTown(homes: readonly SoldHome[], latitude: number, longitude: number, count: number): SoldHome[] {
  return homes
    .map((home) => ({ home, miles: milesBetween(latitude, longitude, home.latitude, home.longitude) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, count)
    .map((n) => n.home);
}

/** The sales of the first `days` days only: a new feed, with few earlier sales before each. */
export function firstDays(homes: readonly SoldHome[], days: number): SoldHome[] {
  const first = Math.min(...homes.map((h) => h.closeDay));
  return homes.filter((h) => h.closeDay < first + days);
}

/** One sale in `every`, at random: a thin feed, comps far apart. */
export function thinned(homes: readonly SoldHome[], every: number, seed: number): SoldHome[] {
  const next = mulberry32(seed);
  return homes.filter(() => next() * every < 1);
}

/** Half the homes, at random, without size, lot and year built: a feed that often leaves them out. */
export function halfUndescribed(homes: readonly SoldHome[], seed: number): SoldHome[] {
  const next = mulberry32(seed);
  return homes.map((h) => (next() < 0.5 ? { ...h, livingArea: null, lotSize: null, yearBuilt: null } : h));
}

/** Only place, price, date, beds, baths and size: what the thinnest feeds carry. */
export function bare(homes: readonly SoldHome[]): SoldHome[] {
  return homes.map((h) => ({ ...h, lotSize: null, yearBuilt: null, waterfront: null, view: null }));
}
