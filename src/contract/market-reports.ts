import { z } from 'zod';

/** Months a market report shows, the latest last. */
export const REPORT_MONTHS = 24;
/** Months of supply: active homes at month end ÷ the average monthly sales of this and the two months before. */
export const SUPPLY_TRAILING_MONTHS = 3;

export const MarketMonthSchema = z.strictObject({
  /** "2026-03". */
  month: z.string(),
  medianPrice: z.number().nullable(),
  medianPricePerSqft: z.number().nullable(),
  medianDaysOnMarket: z.number().nullable(),
  sales: z.number().int(),
  newListings: z.number().int(),
  activeInventory: z.number().int(),
  monthsOfSupply: z.number().nullable(),
});
export type MarketMonth = z.infer<typeof MarketMonthSchema>;

export const MarketReportSchema = z.strictObject({
  kind: z.enum(['city', 'zip']),
  /** "Seattle", or the zip itself. */
  label: z.string(),
  path: z.string(),
  months: z.array(MarketMonthSchema).readonly(),
});
export type MarketReport = z.infer<typeof MarketReportSchema>;

/** /market/seattle or /market/98103: the slug of a city, or a 5-digit zip. */
export const marketPath = (slug: string): string => `/market/${encodeURIComponent(slug)}`;

/** The area a market address names, or undefined. */
export function parseMarketPath(path: string): { kind: 'city' | 'zip'; slug: string } | undefined {
  const m = /^\/market\/([^/]+)\/?$/.exec(path);
  if (!m) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(m[1]!).toLowerCase();
  } catch {
    return undefined;
  }
  if (/^\d{5}$/.test(slug)) return { kind: 'zip', slug };
  return /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u.test(slug) && slug.length <= 100 ? { kind: 'city', slug } : undefined;
}

export const isMarketPath = (path: string): boolean => parseMarketPath(path) !== undefined;

const money = (n: number | null): string => (n === null ? '—' : `$${n.toLocaleString('en-US')}`);
const count = (n: number | null): string => (n === null ? '—' : n.toLocaleString('en-US'));

/** The table's columns, for the server page and the app alike. */
export const MARKET_COLUMNS: readonly { readonly label: string; readonly value: (m: MarketMonth) => string }[] = [
  { label: 'Month', value: (m) => m.month },
  { label: 'Median sold price', value: (m) => money(m.medianPrice) },
  { label: 'Median price per sq ft', value: (m) => money(m.medianPricePerSqft) },
  { label: 'Median days on market', value: (m) => count(m.medianDaysOnMarket) },
  { label: 'Homes sold', value: (m) => count(m.sales) },
  { label: 'New listings', value: (m) => count(m.newListings) },
  { label: 'Active at month end', value: (m) => count(m.activeInventory) },
  { label: 'Months of supply', value: (m) => (m.monthsOfSupply === null ? '—' : m.monthsOfSupply.toFixed(1)) },
];

export const SUPPLY_NOTE = `Months of supply: homes active at the month's end divided by the average homes sold per month over that month and the ${SUPPLY_TRAILING_MONTHS - 1} before it. Figures come from the MLS listings this site shows; "—": no sale that month.`;
