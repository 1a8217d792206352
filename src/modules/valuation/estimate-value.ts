import { robustWeightedRidge } from './local-regression';
import { neighbourSize } from './neighbour-size';
import { dayNumber, MILES_PER_DEGREE_LATITUDE, type SoldHome, type ValuationSubject } from './sold-home';
import type { Neighbour, SoldIndex } from './sold-index';
import { weightedMedian, weightedQuantile } from './weighted-median';

export interface ValuationOptions {
  /** Sales the local market is estimated from. */
  readonly neighbourhood: number;
  /** Comparable sales the estimate rests on. */
  readonly comps: number;
  /** No sale this far away or further counts as comparable. */
  readonly maxMiles: number;
  /** Fewer local sales than this and there is no estimate. */
  readonly minimumSales: number;
}

export const DEFAULT_VALUATION_OPTIONS: ValuationOptions = { neighbourhood: 300, comps: 16, maxMiles: 15, minimumSales: 5 };

/** One feature's part in a comp's adjustment, in dollars (positive: the subject is worth more). */
export interface Adjustment {
  readonly feature: Feature;
  readonly dollars: number;
  /** The subject's value minus the comp's, in the feature's unit (sq ft, beds, years, days). */
  readonly difference: number;
}

export interface ValuedComp {
  readonly home: SoldHome;
  readonly distanceMiles: number;
  readonly adjustedPrice: number;
  readonly adjustments: readonly Adjustment[];
  readonly weight: number;
}

export interface Valuation {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  /** The weighted share of adjusted comps within 10 % of the estimate (0–1). */
  readonly confidence: number;
  readonly comps: readonly ValuedComp[];
}

export const FEATURES = ['livingArea', 'lotSize', 'beds', 'baths', 'age', 'waterfront', 'view', 'saleDate'] as const;
type HomeFeature = (typeof FEATURES)[number];
/** What an adjustment is for: a feature of the home, or where the comp lies (its difference is miles away). */
export type Feature = HomeFeature | 'location';

type Known = Record<HomeFeature, number | null>;

/**
 * An appraiser's sales comparison, as of `asOf` (only sales closed before it): the local market's
 * price of each feature from a weighted regression over the nearest sales, the most similar
 * sales adjusted by it to the subject, and their weighted median. Null when too few sales lie near.
 */
export function estimateValue(
  index: SoldIndex,
  subject: ValuationSubject,
  asOf: string,
  options: ValuationOptions = DEFAULT_VALUATION_OPTIONS,
): Valuation | null {
  const asOfDay = dayNumber(asOf);
  const nearest = index.nearestBefore(subject.latitude, subject.longitude, asOfDay, options.neighbourhood, options.maxMiles);
  if (nearest.length < options.minimumSales) return null;
  // Where sales are sparse, the local market is the sales within a few times the comps' reach
  // (a far neighbourhood is another market), but never too few to estimate its prices from.
  const compsReach = nearest[Math.min(options.comps, nearest.length) - 1]!.miles;
  const near = nearest.filter((n, i) => i < 40 || n.miles <= 6 * compsReach);

  const asOfYear = Number(asOf.slice(0, 4));
  const known = near.map((n) => featuresOf(n.home, asOfYear, asOfDay));
  // A feature the subject or a sale lacks is taken as the local typical value, so it moves nothing.
  const typical = typicalValues(known);
  const rows = known.map((k) => fill(k, typical));
  const subjectRow = fill({ ...featuresOf(subjectAsHome(subject), asOfYear, asOfDay), saleDate: 0 }, typical);

  // Bandwidth from the data: the distance within which the neighbourhood's sales lie.
  const bandwidth = Math.max(near[near.length - 1]!.miles, 1e-3);
  const weights = near.map((n, i) => Math.exp(-2 * (n.miles / bandwidth) ** 2) * Math.exp(rows[i]![7]! / 365));
  // Miles east and north of the subject: prices drift across even a small neighbourhood (towards
  // the water, away from a highway), and a comp's price is moved along that slope to the subject.
  const place = placeFrom(subject.latitude, subject.longitude);
  const places = near.map((n) => place(n.home.latitude, n.home.longitude));
  // The size of the homes around each sale (a home's own size filled in when it is not recorded).
  const sizes = rows.map((r) => r[0]!);
  const xs = rows.map((r, i) => [...regressors(r), ...places[i]!, neighbourSize(places, sizes, places[i]![0], places[i]![1], i)]);
  const beta = robustWeightedRidge(
    xs,
    near.map((n) => Math.log(n.home.closePrice)),
    weights,
    0.1,
  );

  // Distance counts in units of how far the nearest comps lie, so a sparse market is not all "far".
  const similarity = near.map((n, i) => dissimilarity(n, rows[i]!, subjectRow, 4 * Math.max(compsReach, 1e-3)));
  const order = similarity
    .map((_, i) => i)
    .sort((a, b) => similarity[a]! - similarity[b]!)
    .slice(0, options.comps);

  const subjectX = [...regressors(subjectRow), 0, 0, neighbourSize(places, sizes, 0, 0, -1)];
  const comps: ValuedComp[] = order.map((i) => {
    const x = xs[i]!;
    const logShift = x.reduce((s, v, j) => s + (subjectX[j]! - v) * beta[j]!, 0);
    const adjustedPrice = near[i]!.home.closePrice * Math.exp(logShift);
    return {
      home: near[i]!.home,
      distanceMiles: near[i]!.miles,
      adjustedPrice,
      adjustments: adjustmentsOf(near[i]!.home.closePrice, x, subjectX, beta, rows[i]!, subjectRow, near[i]!.miles),
      weight: 1 / (0.05 + similarity[i]!),
    };
  });

  const logs = comps.map((c) => Math.log(c.adjustedPrice));
  const w = comps.map((c) => c.weight);
  const estimate = Math.exp(weightedMedian(logs, w));
  const within = comps.reduce((s, c) => s + (Math.abs(c.adjustedPrice / estimate - 1) <= 0.1 ? c.weight : 0), 0) / w.reduce((s, v) => s + v, 0);
  return {
    estimate: Math.round(estimate),
    low: Math.round(Math.min(estimate, Math.exp(weightedQuantile(logs, w, 0.2)))),
    high: Math.round(Math.max(estimate, Math.exp(weightedQuantile(logs, w, 0.8)))),
    confidence: Math.round(within * 100) / 100,
    comps,
  };
}

function featuresOf(home: Omit<SoldHome, 'pdid' | 'address' | 'closePrice' | 'closeDate'>, asOfYear: number, asOfDay: number): Known {
  return {
    livingArea: positive(home.livingArea),
    lotSize: positive(home.lotSize),
    beds: home.beds ?? null,
    baths: home.baths ?? null,
    age: home.yearBuilt ? Math.max(0, asOfYear - home.yearBuilt) : null,
    waterfront: home.waterfront == null ? null : home.waterfront ? 1 : 0,
    view: home.view == null ? null : home.view ? 1 : 0,
    // Days before the as-of date (negative), the time trend's axis.
    saleDate: home.closeDay - asOfDay,
  };
}

function subjectAsHome(s: ValuationSubject): Omit<SoldHome, 'pdid' | 'address' | 'closePrice' | 'closeDate'> {
  return {
    latitude: s.latitude,
    longitude: s.longitude,
    closeDay: 0,
    beds: s.beds ?? null,
    baths: s.baths ?? null,
    livingArea: s.livingArea ?? null,
    lotSize: s.lotSize ?? null,
    yearBuilt: s.yearBuilt ?? null,
    waterfront: s.waterfront ?? null,
    view: s.view ?? null,
  };
}

/** A sale's place as miles east and north of the subject's. */
function placeFrom(latitude: number, longitude: number): (lat: number, lng: number) => [number, number] {
  const milesPerDegreeLongitude = MILES_PER_DEGREE_LATITUDE * Math.cos((latitude * Math.PI) / 180);
  return (lat, lng) => [(lng - longitude) * milesPerDegreeLongitude, (lat - latitude) * MILES_PER_DEGREE_LATITUDE];
}

function positive(v: number | null | undefined): number | null {
  return v != null && v > 0 ? v : null;
}

function typicalValues(known: readonly Known[]): Record<HomeFeature, number> {
  const out = {} as Record<HomeFeature, number>;
  for (const f of FEATURES) {
    const values = known.map((k) => k[f]).filter((v): v is number => v != null);
    out[f] = values.length
      ? weightedMedian(
          values,
          values.map(() => 1),
        )
      : 0;
  }
  return out;
}

function fill(k: Known, typical: Record<HomeFeature, number>): number[] {
  return FEATURES.map((f) => k[f] ?? typical[f]);
}

/** Price is log-linear in size and lot (a share per doubling) and curved in age. */
function regressors(row: readonly number[]): number[] {
  const [livingArea, lotSize, beds, baths, age, waterfront, view, saleDate] = row as [number, number, number, number, number, number, number, number];
  return [Math.log(livingArea || 1), Math.log(lotSize || 1), beds, baths, age / 10, (age / 10) ** 2, waterfront, view, saleDate / 30];
}

/** How unlike the subject a sale is: distance in units of the comps' reach, size, age, water and view, and age of the sale. */
function dissimilarity(n: Neighbour, row: readonly number[], subject: readonly number[], reach: number): number {
  return (
    n.miles / reach +
    Math.abs(Math.log(row[0]! / subject[0]!)) +
    (0.15 * Math.abs(row[4]! - subject[4]!)) / 10 +
    0.2 * Math.abs(row[5]! - subject[5]!) +
    0.1 * Math.abs(row[6]! - subject[6]!) +
    (0.3 * -row[7]!) / 365
  );
}

function adjustmentsOf(
  price: number,
  x: readonly number[],
  subjectX: readonly number[],
  beta: readonly number[],
  row: readonly number[],
  subject: readonly number[],
  miles: number,
): Adjustment[] {
  // Each feature's dollars at the comp's price, so that the parts read on their own.
  const part = (cols: number[]) => price * (Math.exp(cols.reduce((s, j) => s + (subjectX[j]! - x[j]!) * beta[j]!, 0)) - 1);
  const columns: Record<HomeFeature, number[]> = {
    livingArea: [0],
    lotSize: [1],
    beds: [2],
    baths: [3],
    age: [4, 5],
    waterfront: [6],
    view: [7],
    saleDate: [8],
  };
  const features: Adjustment[] = FEATURES.map((feature, j) => ({ feature, dollars: Math.round(part(columns[feature])), difference: subject[j]! - row[j]! }));
  // Where the comp lies: its place along the local price slope and the size of the homes around it.
  const location: Adjustment = { feature: 'location', dollars: Math.round(part([9, 10, 11])), difference: miles };
  return [...features, location].filter((a) => a.difference !== 0 && a.dollars !== 0);
}
