import { newListingsAround, soldListingsAround } from '../../../../projections/search';
import type { Queryable } from '../../../../projections/search';
import { AppError } from '../../../shared/errors';
import { milesBetween } from '../sold-home';
import { valueHome } from '../value-home';
import type { HomeValueRequested } from '../valuation.events';

/** "Nearby": within a mile of the home. */
export const NEARBY_MILES = 1;
const NEARBY_DAYS = 30;
const MAX_SALES = 5;
const MAX_LISTINGS = 5;

export type DigestSale = { readonly address: string | null; readonly closePrice: number; readonly closeDate: string; readonly distanceMiles: number };
export type DigestListing = { readonly address: string | null; readonly listPrice: number | null; readonly listDate: string; readonly distanceMiles: number };
export type DigestFacts = {
  readonly asOf: string;
  readonly estimate: number;
  /** The estimate a month before, null when there was none. */
  readonly before: number | null;
  readonly sales: readonly DigestSale[];
  /** Active listings within the radius listed in the 30 days before, newest first. */
  readonly listings: readonly DigestListing[];
};

const dayBefore = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
/** The first day of the month before `YYYY-MM`. */
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
};

/**
 * The month's digest of a home: its estimate as of the month's first day (only sales before it)
 * and as of the month before's, and the sales within a mile closed (and the active listings
 * within a mile listed) in the 30 days before it, newest first. Null when the home cannot be valued (no comparable sale near, or the home erased).
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
  const since = dayBefore(asOf, NEARBY_DAYS);
  const [estimate, before, rows, listed] = await Promise.all([
    value(asOf),
    value(previousMonth(month)),
    soldListingsAround(db, latitude, longitude, 0.02, asOf),
    newListingsAround(db, latitude, longitude, 0.02, since, asOf),
  ]);
  if (estimate === null) return null;
  const miles = (lat: number, lng: number) => Math.round(milesBetween(latitude, longitude, lat, lng) * 100) / 100;
  const sales = rows
    .filter((r) => r.close_date >= since)
    .map((r) => ({
      address: r.address,
      closePrice: r.close_price,
      closeDate: r.close_date,
      distanceMiles: miles(r.lat, r.lng),
    }))
    .filter((s) => s.distanceMiles <= NEARBY_MILES)
    .sort((a, b) => b.closeDate.localeCompare(a.closeDate) || a.distanceMiles - b.distanceMiles)
    .slice(0, MAX_SALES);
  const listings = listed
    .map((r) => ({ address: r.address, listPrice: r.list_price, listDate: r.list_date, distanceMiles: miles(r.lat, r.lng) }))
    .filter((l) => l.distanceMiles <= NEARBY_MILES)
    .sort((a, b) => b.listDate.localeCompare(a.listDate) || a.distanceMiles - b.distanceMiles)
    .slice(0, MAX_LISTINGS);
  return { asOf, estimate, before, sales, listings };
}
