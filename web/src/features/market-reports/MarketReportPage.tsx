import { CHART_HEIGHT, CHART_WIDTH, monthLabel, priceLine, priceScaleWords } from '../../../../src/contract/market-chart';
import { MARKET_COLUMNS, type MarketReport, SUPPLY_NOTE } from '../../../../src/contract/market-reports';
import { PublicPageFrame, usePublicPageData } from '../public';
import { marketReport } from './marketApi';
import { MarketSubscribe } from './MarketSubscribe';
import styles from './MarketReportPage.module.css';

/** /market/{city-or-zip}: the area's market by month, the same chart and table the server renders. */
export function MarketReportPage({ path }: { path: string }) {
  const state = usePublicPageData(path, (signal) => marketReport(path, signal));
  return (
    <PublicPageFrame state={state} errorTitle="We could not load this market report">
      {(r) => <MarketReportView r={r} />}
    </PublicPageFrame>
  );
}

function MarketReportView({ r }: { r: MarketReport }) {
  const line = priceLine(r.months);
  return (
    <main id="main" className={styles.page}>
      <h1>{r.label} housing market</h1>
      <section aria-labelledby="market-chart">
        <h2 id="market-chart">
          Median sold price, {monthLabel(r.months[0]!.month)} to {monthLabel(r.months.at(-1)!.month)}
        </h2>
        {line.dots.length === 0 ? (
          <p>No homes sold here in these months.</p>
        ) : (
          <>
            <svg className={styles.chart} viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} width="100%" role="img" aria-labelledby="market-chart-title">
              <title id="market-chart-title">Median sold price by month in {r.label}; the table below gives every figure</title>
              {line.segments.map((s) => (
                <polyline key={s} points={s} fill="none" stroke="currentColor" strokeWidth="2" />
              ))}
              {line.dots.map((d) => (
                <circle key={d.month} cx={d.x} cy={d.y} r="3" fill="currentColor" />
              ))}
            </svg>
            <p data-testid="market-scale">{priceScaleWords(r.months)}</p>
          </>
        )}
      </section>
      <section aria-labelledby="market-table">
        <h2 id="market-table">Month by month</h2>
        <div className={styles.scroll} tabIndex={0} role="region" aria-label="Market figures by month, scrolls sideways on small screens">
          <table className={styles.table}>
            <thead>
              <tr>
                {MARKET_COLUMNS.map((c) => (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...r.months].reverse().map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthLabel(m.month)}</th>
                  {MARKET_COLUMNS.slice(1).map((c) => (
                    <td key={c.label}>{c.value(m)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={styles.note}>{SUPPLY_NOTE}</p>
      </section>
      <MarketSubscribe label={r.label} path={r.path} />
    </main>
  );
}
