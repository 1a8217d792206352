import { CHART_HEIGHT, CHART_WIDTH, monthLabel, priceLine, priceScaleWords } from '../../contract/market-chart';
import { MARKET_COLUMNS, type MarketReport, SUPPLY_NOTE } from '../../contract/market-reports';
import { type Html, html } from '../../shared/html';

/** A market report without JavaScript: the median price chart as inline SVG, and every figure in a table, newest month first. */
export function renderMarketReport(r: MarketReport): Html {
  const line = priceLine(r.months);
  const first = r.months[0]!;
  const last = r.months.at(-1)!;
  return html`<section aria-labelledby="market-chart">
<h2 id="market-chart">Median sold price, ${monthLabel(first.month)} to ${monthLabel(last.month)}</h2>
${
  line.dots.length === 0
    ? html`<p>No homes sold here in these months.</p>`
    : html`<svg class="market-chart" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" width="100%" height="auto" role="img" aria-labelledby="market-chart-title"><title id="market-chart-title">Median sold price by month in ${r.label}; the table below gives every figure</title>
${line.segments.map((s) => html`<polyline points="${s}" fill="none" stroke="currentColor" stroke-width="2"></polyline>`)}
${line.dots.map((d) => html`<circle cx="${d.x}" cy="${d.y}" r="3" fill="currentColor"></circle>`)}
</svg>
<p class="market-scale">${priceScaleWords(r.months)}</p>`
}
</section>
<section aria-labelledby="market-table">
<h2 id="market-table">Month by month</h2>
<div class="ssr-scroll" tabindex="0" role="region" aria-label="Market figures by month, scrolls sideways on small screens"><table class="ssr-table">
<thead><tr>${MARKET_COLUMNS.map((c) => html`<th scope="col">${c.label}</th>`)}</tr></thead>
<tbody>${[...r.months].reverse().map((m) => html`<tr><th scope="row">${monthLabel(m.month)}</th>${MARKET_COLUMNS.slice(1).map((c) => html`<td>${c.value(m)}</td>`)}</tr>`)}</tbody>
</table></div>
<p>${SUPPLY_NOTE}</p>
</section>`;
}
