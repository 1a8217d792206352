import { blend, checkOnNeighbours, type CheckedSale } from './local-check';
import { robustWeightedRidge } from './local-regression';
import { NAIVE_SALES, naiveFromNeighbours } from './naive-value';
import { neighbourSize } from './neighbour-size';
import { dayNumber, MILES_PER_DEGREE_LATITUDE, type SoldHome, type ValuationSubject } from './sold-home';
import type { SoldIndex } from './sold-index';
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
  /** The share of the sales most like the home that the same estimate valued within 10 % (0–1). */
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
 * sales adjusted by it to the subject, and their weighted median, blended with the nearest sales'
 * price per square foot as far as that valued the sales most like the subject better. Null when
 * too few sales lie near.
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
  const subjectKnown = { ...featuresOf(subjectAsHome(subject), asOfYear, asOfDay), saleDate: 0 };
  const subjectRow = fill(subjectKnown, typical);

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
  const logPrices = near.map((n) => Math.log(n.home.closePrice));
  const beta = robustWeightedRidge(xs, logPrices, weights, 0.1);

  // Distance counts in units of how far the nearest comps lie, so a sparse market is not all "far".
  const aroundSubject = neighbourSize(places, sizes, 0, 0, -1);
  // A home of unknown size is taken as large as the homes around it.
  if (subjectKnown.livingArea == null) subjectRow[0] = Math.exp(aroundSubject);
  const reach = 4 * Math.max(compsReach, 1e-3);
  // A sale whose size is not recorded says little of a home whose size is: it ranks as one twice as large.
  const sizeUnknown = known.map((k) => (subjectKnown.livingArea != null && k.livingArea == null ? Math.LN2 : 0));
  const similarity = near.map((n, i) => dissimilarity(n.miles, rows[i]!, subjectRow, reach) + sizeUnknown[i]!);
  const order = nearestOrder(similarity, options.comps, -1);

  const subjectX = [...regressors(subjectRow), 0, 0, aroundSubject];
  const shift = (i: number, to: readonly number[], prices = beta) => xs[i]!.reduce((s, v, j) => s + (to[j]! - v) * prices[j]!, 0);
  const modelComps = order.map((i) => ({ i, logPrice: Math.log(near[i]!.home.closePrice) + shift(i, subjectX), weight: 1 / (0.05 + similarity[i]!) }));
  const modelLog = weightedMedian(
    modelComps.map((c) => c.logPrice),
    modelComps.map((c) => c.weight),
  );

  // The sales most like the home, each valued from the others by the same prices and by the
  // naive price per square foot: how far each can be trusted here sets the blend and the range.
  // Each is known only as well as the home is: what its owner did not give is unknown for it too.
  const unknown = FEATURES.map((f) => subjectKnown[f] == null);
  const checkable = similarity.map((v, j) => (sizeUnknown[j] ? Infinity : v));
  const checkedSales = nearestOrder(checkable, CHECKED_SALES, -1);
  // The prices the checked sales are valued by are estimated without them, or the model would
  // look better on them than on a home it has not seen.
  const held = new Set(checkedSales);
  const rest = near.map((_, i) => i).filter((i) => !held.has(i));
  const checkBeta =
    rest.length > xs[0]!.length
      ? robustWeightedRidge(
          rest.map((i) => xs[i]!),
          rest.map((i) => logPrices[i]!),
          rest.map((i) => weights[i]!),
          0.1,
        )
      : beta;
  const checked = checkedSales.map((j): CheckedSale => {
    const row = rows[j]!.map((v, f) => (!unknown[f] ? v : f === 0 ? Math.exp(xs[j]![11]!) : typical[FEATURES[f]!]));
    const x = [...regressors(row), ...xs[j]!.slice(-3)];
    const miles = places.map((p) => Math.hypot(p[0] - places[j]![0], p[1] - places[j]![1]));
    const others = nearestOrder(
      near.map((_, i) => dissimilarity(miles[i]!, rows[i]!, row, reach) + sizeUnknown[i]!),
      options.comps,
      j,
    );
    const byDistance = nearestOrder(miles, NAIVE_SALES * 3, j).map((i) => ({ home: near[i]!.home }));
    const naive = naiveFromNeighbours(byDistance, unknown[0] ? null : near[j]!.home.livingArea);
    return {
      actual: Math.log(near[j]!.home.closePrice),
      model: weightedMedian(
        others.map((i) => logPrices[i]! + shift(i, x, checkBeta)),
        others.map((i) => 1 / (0.05 + similarity[i]!)),
      ),
      naive: naive == null ? null : Math.log(naive),
    };
  });
  const check = checkOnNeighbours(checked);
  const naive = naiveFromNeighbours(nearest, subject.livingArea);
  const estimateLog = naive == null ? modelLog : blend(modelLog, Math.log(naive), check.modelShare);
  // Each comp moves by the naive value's part too, so the comps' weighted median is the estimate.
  const marketShift = estimateLog - modelLog;

  const comps: ValuedComp[] = modelComps.map(({ i, logPrice, weight }) => ({
    home: near[i]!.home,
    distanceMiles: near[i]!.miles,
    adjustedPrice: Math.exp(logPrice + marketShift),
    adjustments: adjustmentsOf(near[i]!.home.closePrice, xs[i]!, subjectX, beta, rows[i]!, subjectRow, near[i]!.miles, marketShift),
    weight,
  }));

  const estimate = Math.exp(estimateLog);
  // The range holds the estimate's errors on the checked sales, so it widens where the market
  // is hard to value; confidence is the share of those valued within 10 %.
  const errors = check.residuals.map(Math.abs);
  const spread = errors.length ? quantile(errors, RANGE_SHARE) : Math.log(1.2);
  const within = errors.length ? errors.filter((e) => Math.abs(Math.exp(e) - 1) <= 0.1).length / errors.length : 0;
  return {
    estimate: Math.round(estimate),
    low: Math.round(estimate * Math.exp(-spread)),
    high: Math.round(estimate * Math.exp(spread)),
    confidence: Math.round(within * 100) / 100,
    comps,
  };
}

/** Sales most like the home that the model and the naive value are checked on. */
const CHECKED_SALES = 30;
/** The share of the checked sales' errors the range spans. */
const RANGE_SHARE = 0.8;

function quantile(values: readonly number[], q: number): number {
  return weightedQuantile(
    values,
    values.map(() => 1),
    q,
  );
}

/** Indices of the `count` smallest values, smallest first, leaving out `skip`. */
function nearestOrder(values: readonly number[], count: number, skip: number): number[] {
  // Kept sorted by insertion: a few dozen of a few hundred, run for every checked sale, so
  // cheaper than sorting them all.
  const picked: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (i === skip) continue;
    const v = values[i]!;
    if (picked.length === count && v >= values[picked[count - 1]!]!) continue;
    let at = Math.min(picked.length, count - 1);
    while (at > 0 && values[picked[at - 1]!]! > v) {
      picked[at] = picked[at - 1]!;
      at--;
    }
    picked[at] = i;
  }
  return picked;
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
function dissimilarity(miles: number, row: readonly number[], subject: readonly number[], reach: number): number {
  return (
    miles / reach +
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
  marketShift: number,
): Adjustment[] {
  // Each feature's dollars at the comp's price, so that the parts read on their own.
  const part = (cols: number[], extra = 0) => price * (Math.exp(cols.reduce((s, j) => s + (subjectX[j]! - x[j]!) * beta[j]!, extra)) - 1);
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
  // Where the comp lies: its place along the local price slope, the size of the homes around it,
  // and the nearest sales' price per square foot where the estimate leans on it.
  const location: Adjustment = { feature: 'location', dollars: Math.round(part([9, 10, 11], marketShift)), difference: miles };
  return [...features, location].filter((a) => a.difference !== 0 && a.dollars !== 0);
}
