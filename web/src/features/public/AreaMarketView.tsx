import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { bedroomsLabel, MARKET_CHART_TITLE, marketFigures } from '../../../../src/contract/area-market';
import { priceShort, priceText } from '../../../../src/contract/price';
import type { AreaMarket } from '../../../../src/contract/public-pages';
import styles from './AreaMarketView.module.css';

/**
 * The market in numbers (the figures the server's page lists) and the spec's bar chart of
 * average price by bedrooms; the chart is drawn for the eye and its table kept for screen
 * readers and keyboards, so both read the same numbers.
 */
export function AreaMarketView({ place, market }: { place: string; market: AreaMarket }) {
  const bars = market.byBedrooms.map((b) => ({ name: bedroomsLabel(b.beds), price: b.averagePrice, count: b.count }));
  return (
    <section className={styles.market} aria-labelledby="market">
      <h2 id="market">The {place} market in numbers</h2>
      <dl className={styles.figures}>
        {marketFigures(market).map((f) => (
          <div key={f.label} className={styles.figure}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {bars.length > 0 && (
        <figure className={styles.chart}>
          <figcaption>{MARKET_CHART_TITLE}</figcaption>
          <div className={styles.plot} aria-hidden="true" data-testid="market-chart">
            <ResponsiveContainer width="100%" height={220}>
              <BarChart accessibilityLayer={false} data={bars} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="name" tick={{ fontSize: 12 }} interval={0} />
                <YAxis width={56} tick={{ fontSize: 12 }} tickFormatter={(v: number) => priceShort(v) ?? ''} />
                <Tooltip formatter={(v) => priceText(Number(v))} />
                <Bar dataKey="price" name="Average list price" fill="var(--accent, #1f5fbf)" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <table className="visually-hidden">
            <caption>{MARKET_CHART_TITLE}</caption>
            <thead>
              <tr>
                <th scope="col">Bedrooms</th>
                <th scope="col">Average list price</th>
                <th scope="col">Homes</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.name}>
                  <th scope="row">{b.name}</th>
                  <td>{priceText(b.price)}</td>
                  <td>{b.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}
