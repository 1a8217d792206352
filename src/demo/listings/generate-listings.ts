import { demoOpenHouses } from './demo-open-houses';
import { generationPlaces, KM_PER_DEGREE_LATITUDE, type GenerationPlace } from './generation-places';
import { addDays, isValidIsoDate } from './iso-date';
import { LISTING_KINDS, type DensityTier, type ListingKind } from './listing-kinds';
import { listingRemarks } from './listing-remarks';
import { askingPrice } from './price-model';
import { cumulativeSums, logNormal, mulberry32, randomInt, weightedIndex, type Random } from '../../shared/prng';
import type { IsoDate, ResoRecord } from '../../modules/listings/reso-record';
import { streetAddress } from './street-address';
import type { ZipDirectory } from '../../modules/listings/zip-directory';

export interface GenerateListingsOptions {
  /** Same seed (and other options) → same records; it is also part of every ListingKey. */
  seed: number;
  count: number;
  /** Listing contract dates fall on this day or the 119 before it; open houses on the weekends after it. */
  today: IsoDate;
  zips: ZipDirectory;
}

const LISTING_WINDOW_DAYS = 120;
const REMARKS_RATE = 0.05;
const WATERFRONT_RATE = 0.03;
const VIEW_RATE = 0.12;

const KIND_TABLES: Record<DensityTier, Float64Array> = {
  0: cumulativeSums(LISTING_KINDS.map((kind) => kind.shares[0])),
  1: cumulativeSums(LISTING_KINDS.map((kind) => kind.shares[1])),
  2: cumulativeSums(LISTING_KINDS.map((kind) => kind.shares[2])),
};

/**
 * Active listings on real US geography, one at a time so that a million can be streamed.
 * Zips are drawn in proportion to population, points jittered around the zip centre.
 */
export function* generateListings(options: GenerateListingsOptions): Generator<ResoRecord> {
  const { seed, count, today, zips } = options;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`seed must be a whole number from 0 to 2^32 - 1: ${seed}`);
  }
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a whole number: ${count}`);
  if (!isValidIsoDate(today)) throw new Error(`today must be a YYYY-MM-DD date: ${today}`);
  const { places, cumulativePopulation } = generationPlaces(zips);
  if (places.length === 0) throw new Error('the zip directory has no populated US zips');
  const listingDays = Array.from({ length: LISTING_WINDOW_DAYS }, (_, i) => addDays(today, -i));
  const random = mulberry32(seed);

  for (let i = 0; i < count; i++) {
    const place = places[weightedIndex(random, cumulativePopulation)];
    if (!place) throw new Error('zip draw out of range');
    const kind = LISTING_KINDS[weightedIndex(random, KIND_TABLES[place.tier])];
    if (!kind) throw new Error('property type draw out of range');
    const key = `GEN${seed}-${i}`;
    const record = generateListing(random, key, place, kind, listingDays);
    const openHouses = demoOpenHouses(key, place.zip.state, today);
    yield openHouses ? { ...record, OpenHouse: openHouses } : record;
  }
}

function generateListing(random: Random, key: string, place: GenerationPlace, kind: ListingKind, listingDays: readonly IsoDate[]): ResoRecord {
  const { zip } = place;
  const [latitude, longitude] = jitter(random, place);
  const bedrooms = kind.bedrooms ? middleHeavyInt(random, kind.bedrooms[0], kind.bedrooms[1]) : null;
  const bathrooms = bedrooms === null ? null : bathroomsFor(random, bedrooms);
  const livingArea = bedrooms === null ? null : Math.round(((kind.livingArea.base + kind.livingArea.perBedroom * bedrooms) * logNormal(random, 0.2)) / 10) * 10;

  const waterfront = random() < (kind.propertyType === 'Land' ? 2 * WATERFRONT_RATE : WATERFRONT_RATE);
  const view = random() < VIEW_RATE;
  const pool = kind.canHavePool && random() < place.poolRate;
  const newConstruction = random() < kind.newConstructionRate;

  // Bigger homes cost more, but less than in proportion; land and commercial vary widely.
  const sizeFactor = livingArea === null ? logNormal(random, 0.6) : Math.pow(livingArea / (kind.livingArea.base + kind.livingArea.perBedroom * 3), 0.6);
  const amenityFactor = (waterfront ? 1.4 : 1) * (view ? 1.1 : 1) * (pool ? 1.05 : 1) * (newConstruction ? 1.1 : 1);
  const price = place.typicalPrice * kind.priceFactor * sizeFactor * amenityFactor * logNormal(random, 0.3);

  const contractDate = listingDays[Math.floor(random() * listingDays.length)];
  const unit = kind.propertySubType === 'Condominium' ? ` Unit ${randomInt(random, 1, 450)}` : '';
  const remarks = random() < REMARKS_RATE ? listingRemarks(random, { kind, bedrooms, city: zip.city, waterfront, view, pool, newConstruction }) : null;

  return {
    ListingKey: key,
    ListingId: key,
    StandardStatus: 'Active',
    ListPrice: askingPrice(price, random()),
    ListingContractDate: contractDate,
    ModificationTimestamp: `${contractDate}T${timeOfDay(random)}.000Z`,
    Latitude: latitude,
    Longitude: longitude,
    UnparsedAddress: streetAddress(random) + unit,
    City: zip.city,
    StateOrProvince: zip.state,
    PostalCode: zip.zip,
    CountyOrParish: zip.county,
    BedroomsTotal: bedrooms,
    BathroomsTotalInteger: bathrooms,
    LivingArea: livingArea,
    PropertyType: kind.propertyType,
    PropertySubType: kind.propertySubType,
    PublicRemarks: remarks,
    WaterfrontYN: waterfront,
    ViewYN: view,
    PoolPrivateYN: pool,
    NewConstructionYN: newConstruction,
  };
}

/** Uniform over a disc of the place's jitter radius, rounded to 6 decimals (~0.1 m). */
function jitter(random: Random, place: GenerationPlace): [number, number] {
  const distanceKm = place.jitterKm * Math.sqrt(random());
  const angle = 2 * Math.PI * random();
  const latitude = place.zip.latitude + (distanceKm * Math.cos(angle)) / KM_PER_DEGREE_LATITUDE;
  const longitude = place.zip.longitude + (distanceKm * Math.sin(angle)) / place.kmPerDegreeLongitude;
  return [Math.round(latitude * 1e6) / 1e6, Math.round(longitude * 1e6) / 1e6];
}

/** Sum of two uniform draws: the middle of the range is common, the ends rare. */
function middleHeavyInt(random: Random, min: number, max: number): number {
  const span = max - min + 1;
  return min + Math.min(span - 1, Math.floor(((random() + random()) / 2) * span));
}

function bathroomsFor(random: Random, bedrooms: number): number {
  return Math.max(1, Math.min(bedrooms + 1, Math.round(bedrooms * 0.55 + random() * 1.2)));
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/** Listings are entered in US office hours: 14:00–23:59 UTC, on the listing's own date. */
function timeOfDay(random: Random): string {
  const hour = 14 + Math.floor(random() * 10);
  return `${TWO_DIGITS[hour]}:${TWO_DIGITS[Math.floor(random() * 60)]}:${TWO_DIGITS[Math.floor(random() * 60)]}`;
}
