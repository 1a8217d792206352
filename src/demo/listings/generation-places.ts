import { densityTier, type DensityTier } from './listing-kinds';
import { GENERATED_STATES, localPriceFactor, statePrice } from './price-model';
import { cumulativeSums } from '../../shared/prng';
import type { ZipDirectory, ZipPlace } from '../../modules/listings/zip-directory';

/** A zip prepared for generation: everything per-record work would otherwise recompute. */
export interface GenerationPlace {
  zip: ZipPlace;
  tier: DensityTier;
  typicalPrice: number;
  /** Half the radius of a disc of the zip's area, capped at 2 km, so points stay near small city zips. */
  jitterKm: number;
  /** Kilometres per degree of longitude at this latitude. */
  kmPerDegreeLongitude: number;
  poolRate: number;
}

export interface GenerationPlaces {
  places: readonly GenerationPlace[];
  /** Running population totals, for drawing a zip in proportion to its residents. */
  cumulativePopulation: Float64Array;
}

export const KM_PER_DEGREE_LATITUDE = 111.32;
const MAX_JITTER_KM = 2;

// Share of houses with a private pool, from the sunbelt down to the national ~4%.
const POOL_RATE: ReadonlyMap<string, number> = new Map([
  ['FL', 0.3],
  ['AZ', 0.3],
  ['NV', 0.2],
  ['CA', 0.15],
  ['TX', 0.12],
  ['HI', 0.1],
]);

const cache = new WeakMap<ZipDirectory, GenerationPlaces>();

export function generationPlaces(zips: ZipDirectory): GenerationPlaces {
  const cached = cache.get(zips);
  if (cached) return cached;
  const zipsUsed = zips.places.filter((zip) => GENERATED_STATES.has(zip.state) && zip.population > 0);
  const localFactors = zipsUsed.map((zip) => localPriceFactor(zip.state, zip.county, zip.density));
  const stateMeans = populationWeightedMeans(zipsUsed, localFactors);
  const places = zipsUsed.map((zip, i): GenerationPlace => ({
    zip,
    tier: densityTier(zip.density),
    typicalPrice: (statePrice(zip.state) * (localFactors[i] ?? 1)) / (stateMeans.get(zip.state) ?? 1),
    jitterKm: jitterRadiusKm(zip),
    kmPerDegreeLongitude: KM_PER_DEGREE_LATITUDE * Math.cos((zip.latitude * Math.PI) / 180),
    poolRate: POOL_RATE.get(zip.state) ?? 0.04,
  }));
  const prepared = {
    places,
    cumulativePopulation: cumulativeSums(places.map((place) => place.zip.population)),
  };
  cache.set(zips, prepared);
  return prepared;
}

function populationWeightedMeans(zips: readonly ZipPlace[], values: readonly number[]): Map<string, number> {
  const sums = new Map<string, { weighted: number; population: number }>();
  zips.forEach((zip, i) => {
    const sum = sums.get(zip.state) ?? { weighted: 0, population: 0 };
    sum.weighted += zip.population * (values[i] ?? 1);
    sum.population += zip.population;
    sums.set(zip.state, sum);
  });
  return new Map([...sums].map(([state, sum]) => [state, sum.weighted / sum.population]));
}

function jitterRadiusKm(zip: ZipPlace): number {
  if (zip.density <= 0) return MAX_JITTER_KM;
  const areaKm2 = zip.population / zip.density;
  return Math.min(MAX_JITTER_KM, Math.sqrt(areaKm2 / Math.PI) / 2);
}
