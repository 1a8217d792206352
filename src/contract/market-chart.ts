import type { MarketMonth } from './market-reports';

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 200;
const PAD = { left: 8, right: 8, top: 12, bottom: 12 };

/**
 * The median sold price line of a report as SVG coordinates, drawn the same by the server page
 * and the app: months without a sale leave a gap (a new segment), so no price is invented.
 */
export function priceLine(months: readonly MarketMonth[]): { segments: string[]; dots: { x: number; y: number; month: string; price: number }[] } {
  const prices = months.map((m) => m.medianPrice).filter((p): p is number => p !== null);
  if (prices.length === 0) return { segments: [], dots: [] };
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const span = hi - lo || 1;
  const step = months.length > 1 ? (CHART_WIDTH - PAD.left - PAD.right) / (months.length - 1) : 0;
  const dots = months.flatMap((m, i) =>
    m.medianPrice === null
      ? []
      : [
          {
            x: Math.round(PAD.left + i * step),
            y: Math.round(CHART_HEIGHT - PAD.bottom - ((m.medianPrice - lo) / span) * (CHART_HEIGHT - PAD.top - PAD.bottom)),
            month: m.month,
            price: m.medianPrice,
          },
        ],
  );
  const segments: string[] = [];
  let run: string[] = [];
  months.forEach((m, i) => {
    const d = dots.find((p) => p.month === m.month);
    if (d) run.push(`${d.x},${d.y}`);
    if (!d || i === months.length - 1) {
      if (run.length > 0) segments.push(run.join(' '));
      run = [];
    }
  });
  return { segments, dots };
}

/**
 * What the chart's height means, said under it: its scale runs from the lowest month's median to
 * the highest, not from $0, so a small change draws a steep line; the two months name the ends.
 */
export function priceScaleWords(months: readonly MarketMonth[]): string | null {
  const sold = months.filter((m): m is MarketMonth & { medianPrice: number } => m.medianPrice !== null);
  if (sold.length === 0) return null;
  const low = sold.reduce((a, b) => (b.medianPrice < a.medianPrice ? b : a));
  const high = sold.reduce((a, b) => (b.medianPrice > a.medianPrice ? b : a));
  const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
  if (low.medianPrice === high.medianPrice) return `Every month with a sale: ${money(low.medianPrice)}.`;
  return `Lowest ${money(low.medianPrice)} (${monthLabel(low.month)}), highest ${money(high.medianPrice)} (${monthLabel(high.month)}): the chart spans that range, not from $0; months without a sale leave a gap.`;
}

/** "Mar 2026" for "2026-03". */
export const monthLabel = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
