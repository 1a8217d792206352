import { dayNumber, type ValuationSubject } from './sold-home';
import type { Neighbour, SoldIndex } from './sold-index';
import { weightedMedian } from './weighted-median';

/** How many of the nearest earlier sales the naive value rests on. */
export const NAIVE_SALES = 20;

const median = (values: readonly number[]): number =>
  weightedMedian(
    values,
    values.map(() => 1),
  );

/**
 * The yardstick every valuation is held to: the median price per square foot of the nearest
 * sales with a recorded size, times the home's size; the median price of the nearest sales when
 * the home's size is not known. `neighbours` are nearest first. Null when none fits.
 */
export function naiveFromNeighbours(neighbours: readonly Pick<Neighbour, 'home'>[], livingArea: number | null | undefined): number | null {
  if (livingArea != null && livingArea > 0) {
    const perFoot: number[] = [];
    for (const { home } of neighbours) {
      if (home.livingArea != null && home.livingArea > 0) perFoot.push(home.closePrice / home.livingArea);
      if (perFoot.length === NAIVE_SALES) break;
    }
    return perFoot.length ? median(perFoot) * livingArea : null;
  }
  const prices = neighbours.slice(0, NAIVE_SALES).map((n) => n.home.closePrice);
  return prices.length ? median(prices) : null;
}

/** The naive value of a home as of `asOf` (only sales closed before it), for measuring the model against. */
export function naiveValue(index: SoldIndex, subject: ValuationSubject, asOf: string, maxMiles: number, reach: number): number | null {
  const nearest = index.nearestBefore(subject.latitude, subject.longitude, dayNumber(asOf), reach, maxMiles);
  return naiveFromNeighbours(nearest, subject.livingArea);
}
