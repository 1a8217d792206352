// An area page's market numbers as words, the same on the server-rendered page and in the app.
import { priceText } from './price';
import type { AreaMarket } from './public-pages';

/** The figures an area page lists, in order; a figure the data cannot give is left out. */
export function marketFigures(m: AreaMarket): { readonly label: string; readonly value: string }[] {
  const figures: { label: string; value: string }[] = [{ label: 'Homes for sale', value: m.active.toLocaleString('en-US') }];
  if (m.medianListPrice !== null) figures.push({ label: 'Median list price', value: priceText(m.medianListPrice) });
  if (m.medianPricePerSqft !== null) figures.push({ label: 'Median price per sq ft', value: priceText(m.medianPricePerSqft) });
  if (m.medianDaysOnMarket !== null) figures.push({ label: 'Median days on market', value: m.medianDaysOnMarket.toLocaleString('en-US') });
  if (m.soldLast12Months !== null) figures.push({ label: 'Sold in the last 12 months', value: m.soldLast12Months.toLocaleString('en-US') });
  return figures;
}

/** A bar of the chart by its bedrooms: "Studio", "1 bedroom", "5+ bedrooms". */
export const bedroomsLabel = (beds: string): string => (beds === '0' ? 'Studio' : `${beds} ${beds === '1' ? 'bedroom' : 'bedrooms'}`);

/** The chart's title and the table's caption. */
export const MARKET_CHART_TITLE = 'Average list price by bedrooms';
