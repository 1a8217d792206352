import { estimateValue, DEFAULT_VALUATION_OPTIONS, type ValuationOptions } from './estimate-value';
import { mulberry32 } from '../../shared/prng';
import { naiveValue } from './naive-value';
import { dayBefore, type SoldHome } from './sold-home';
import { SoldIndex } from './sold-index';

export interface Accuracy {
  /** Hold-outs valued (some have no sale near enough before them). */
  readonly valued: number;
  readonly heldOut: number;
  /** Median absolute percentage error, in percent. */
  readonly medianErrorPercent: number;
  /** Shares of hold-outs valued within 5 %, 10 % and 20 % of their sale price, in percent. */
  readonly within5: number;
  readonly within10: number;
  readonly within20: number;
  /** Share of valued hold-outs whose price lies within the estimate's range, in percent. */
  readonly insideRange: number;
  /** The valuations' mean confidence, in percent: about `within10` when it is honest. */
  readonly meanConfidence: number;
  /** The naive value (`naive-value.ts`) on the same hold-outs: the yardstick the model must beat. */
  readonly naive: Omit<Accuracy, 'naive' | 'insideRange' | 'meanConfidence' | 'heldOut'>;
}

/**
 * How automated valuation models are measured: each held-out sale is valued from the other
 * sales as of the day before it closed (so neither it nor anything later counts), without its
 * price, and compared with the price it sold for.
 */
export function holdOutAccuracy(homes: readonly SoldHome[], heldOut: readonly SoldHome[], options: ValuationOptions = DEFAULT_VALUATION_OPTIONS): Accuracy {
  const index = new SoldIndex(homes);
  const errors: number[] = [];
  const naiveErrors: number[] = [];
  let inside = 0;
  let confidence = 0;
  for (const home of heldOut) {
    const { closePrice: _price, pdid: _pdid, ...known } = home;
    const asOf = dayBefore(home.closeDate);
    const valuation = estimateValue(index, known, asOf, options);
    if (!valuation) continue;
    errors.push(Math.abs(valuation.estimate / home.closePrice - 1));
    if (home.closePrice >= valuation.low && home.closePrice <= valuation.high) inside++;
    confidence += valuation.confidence;
    const naive = naiveValue(index, known, asOf, options.maxMiles, options.neighbourhood);
    naiveErrors.push(naive == null ? Infinity : Math.abs(naive / home.closePrice - 1));
  }
  const percent = (n: number) => round1((100 * n) / Math.max(1, errors.length));
  return {
    ...errorFigures(errors),
    heldOut: heldOut.length,
    insideRange: percent(inside),
    meanConfidence: percent(confidence),
    naive: errorFigures(naiveErrors),
  };
}

function errorFigures(errors: number[]) {
  errors.sort((a, b) => a - b);
  const share = (limit: number) => round1((100 * errors.filter((e) => e <= limit).length) / Math.max(1, errors.length));
  return {
    valued: errors.filter(Number.isFinite).length,
    medianErrorPercent: round1(100 * (errors[Math.floor((errors.length - 1) / 2)] ?? NaN)),
    within5: share(0.05),
    within10: share(0.1),
    within20: share(0.2),
  };
}

/** A fixed pseudo-random sample, the same on every run. */
export function sampleOf<T>(items: readonly T[], count: number, seed: number): T[] {
  const next = mulberry32(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
