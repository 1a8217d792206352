// An area page's market numbers as words, the same on the server-rendered page and in the app.
import { priceText } from './price';
import type { AreaMarket } from './public-pages';

/** The figures' labels by their id (the catalogue has them as `market.{id}`). */
export const MARKET_FIGURE_LABELS = {
  active: 'Homes for sale',
  medianListPrice: 'Median list price',
  medianPricePerSqft: 'Median price per sq ft',
  medianDaysOnMarket: 'Median days on market',
  soldLast12Months: 'Sold in the last 12 months',
} as const;

type FigureId = keyof typeof MARKET_FIGURE_LABELS;

/** The figures an area page lists, in order; a figure the data cannot give is left out. */
export function marketFigures(m: AreaMarket): { readonly id: FigureId; readonly label: string; readonly value: string }[] {
  const all: [FigureId, string | null][] = [
    ['active', m.active.toLocaleString('en-US')],
    ['medianListPrice', m.medianListPrice !== null ? priceText(m.medianListPrice) : null],
    ['medianPricePerSqft', m.medianPricePerSqft !== null ? priceText(m.medianPricePerSqft) : null],
    ['medianDaysOnMarket', m.medianDaysOnMarket !== null ? m.medianDaysOnMarket.toLocaleString('en-US') : null],
    ['soldLast12Months', m.soldLast12Months !== null ? m.soldLast12Months.toLocaleString('en-US') : null],
  ];
  return all.flatMap(([id, value]) => (value === null ? [] : [{ id, label: MARKET_FIGURE_LABELS[id], value }]));
}

/** A bar of the chart by its bedrooms: "Studio", "1 bedroom", "5+ bedrooms", through the page's translator `t`. */
export const bedroomsLabel = (beds: string, t: (id: string, english: string, vars?: Readonly<Record<string, string>>) => string): string =>
  beds === '0' ? t('market.studio', 'Studio') : beds === '1' ? t('market.oneBedroom', '1 bedroom') : t('market.bedrooms', '{beds} bedrooms', { beds });

/** The chart's title and the table's caption. */
export const MARKET_CHART_TITLE = 'Average list price by bedrooms';
