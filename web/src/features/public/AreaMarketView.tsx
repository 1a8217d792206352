import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { bedroomsLabel, MARKET_CHART_TITLE, marketFigures } from '../../../../src/contract/area-market';
import { priceText } from '../../../../src/contract/price';
import type { AreaMarket } from '../../../../src/contract/public-pages';
import { useIdleAfter } from '../../ui/useIdleAfter';
import { type Translate, useT } from '../../ui/translations';
import { useInView } from '../../ui/useInView';
import styles from './AreaMarketView.module.css';

// recharts is most of the area page's script: it loads once the chart's place is near the
// screen and the browser is idle (Lighthouse measured 56-66 with it loaded at once).
const MarketChart = lazy(() => import('./MarketChart').then((m) => ({ default: m.MarketChart })));

/**
 * The market in numbers (the figures the server's page lists) and the spec's bar chart of
 * average price by bedrooms; the chart is drawn for the eye and its table kept for screen
 * readers and keyboards, so both read the same numbers. Until the chart is drawn, the table
 * is shown in the chart's place (same height: nothing moves), as the server's page has it.
 */
export function AreaMarketView({ place, market }: { place: string; market: AreaMarket }) {
  const t = useT();
  const bars = market.byBedrooms.map((b) => ({ name: bedroomsLabel(b.beds, t), price: b.averagePrice, count: b.count }));
  const plot = useRef<HTMLDivElement>(null);
  const wanted = useIdleAfter(useInView(plot, '200px'));
  const [drawn, setDrawn] = useState(false);
  return (
    <section className={styles.market} aria-labelledby="market">
      <h2 id="market">{t('market.heading', 'The {place} market in numbers', { place })}</h2>
      <dl className={styles.figures}>
        {marketFigures(market).map((f) => (
          <div key={f.label} className={styles.figure}>
            <dt>{t(`market.${f.id}`, f.label)}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {bars.length > 0 && (
        <figure className={styles.chart}>
          <figcaption>{t('market.chartTitle', MARKET_CHART_TITLE)}</figcaption>
          <div ref={plot} className={styles.plot}>
            {wanted && (
              <div aria-hidden="true" data-testid="market-chart" className={styles.drawing}>
                <Suspense fallback={null}>
                  <Drawn onDrawn={setDrawn}>
                    <MarketChart bars={bars} />
                  </Drawn>
                </Suspense>
              </div>
            )}
            {!drawn && <BarsTable bars={bars} className={styles.table} t={t} />}
          </div>
          {drawn && <BarsTable bars={bars} className="visually-hidden" t={t} />}
        </figure>
      )}
    </section>
  );
}

/** Says when its children (the lazy chart) have mounted, i.e. once Suspense has let them through. */
function Drawn({ onDrawn, children }: { onDrawn: (drawn: true) => void; children: ReactNode }) {
  useEffect(() => onDrawn(true), [onDrawn]);
  return <>{children}</>;
}

/** The chart's numbers as a table: shown in its place until it is drawn, then for screen readers only. */
function BarsTable({ bars, className, t }: { bars: readonly { name: string; price: number; count: number }[]; className: string; t: Translate }) {
  return (
    <table className={className}>
      <caption className="visually-hidden">{t('market.chartTitle', MARKET_CHART_TITLE)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('market.bedroomsColumn', 'Bedrooms')}</th>
          <th scope="col">{t('market.averagePrice', 'Average list price')}</th>
          <th scope="col">{t('market.homes', 'Homes')}</th>
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
  );
}
