import { soldListingsAround } from '../../../../projections/search';
import type { Queryable } from '../../../../projections/search';
import { AppError } from '../../../shared/errors';
import { milesBetween } from '../sold-home';
import { valueHome } from '../value-home';
import type { HomeValueRequested } from '../valuation.events';

/** "Nearby": within a mile of the home. */
export const NEARBY_MILES = 1;
const NEARBY_DAYS = 30;
const MAX_SALES = 5;

export type DigestSale = { readonly address: string | null; readonly closePrice: number; readonly closeDate: string; readonly distanceMiles: number };
export type DigestFacts = {
  readonly asOf: string;
  readonly estimate: number;
  /** The estimate a month before, null when there was none. */
  readonly before: number | null;
  readonly sales: readonly DigestSale[];
};

const dayBefore = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
/** The first day of the month before `YYYY-MM`. */
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
};

/**
 * The month's digest of a home: its estimate as of the month's first day (only sales before it)
 * and as of the month before's, and the sales within a mile closed in the 30 days before it,
 * newest first. Null when the home cannot be valued (no comparable sale near, or the home erased).
 */
export async function homeDigestFacts(db: Queryable, home: HomeValueRequested['data'], month: string): Promise<DigestFacts | null> {
  if (home.latitude === null || home.longitude === null) return null;
  const { latitude, longitude } = home;
  const asOf = `${month}-01`;
  const value = (day: string) =>
    valueHome(db, { latitude, longitude, ...home.facts, asOf: day }, day).then(
      (v) => v.estimate,
      (err: unknown) => {
        if (err instanceof AppError && err.code === 'not_found') return null;
        throw err;
      },
    );
  const [estimate, before, rows] = await Promise.all([value(asOf), value(previousMonth(month)), soldListingsAround(db, latitude, longitude, 0.02, asOf)]);
  if (estimate === null) return null;
  const since = dayBefore(asOf, NEARBY_DAYS);
  const sales = rows
    .filter((r) => r.close_date >= since)
    .map((r) => ({
      address: r.address,
      closePrice: r.close_price,
      closeDate: r.close_date,
      distanceMiles: Math.round(milesBetween(latitude, longitude, r.lat, r.lng) * 100) / 100,
    }))
    .filter((s) => s.distanceMiles <= NEARBY_MILES)
    .sort((a, b) => b.closeDate.localeCompare(a.closeDate) || a.distanceMiles - b.distanceMiles)
    .slice(0, MAX_SALES);
  return { asOf, estimate, before, sales };
}
