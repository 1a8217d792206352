import { bedroomsLabel, MARKET_CHART_TITLE, marketFigures } from '../../contract/area-market';
import { priceText } from '../../contract/price';
import type { AreaMarket } from '../../contract/public-pages';
import { type Html, html } from '../../shared/html';
import type { Translate } from './page-language';

/**
 * An area's market without JavaScript: its figures as a definition list, and the spec's bar
 * chart of average price as the table it draws (the app draws the bars over the same numbers).
 */
export function renderMarket(place: string, m: AreaMarket, t: Translate): Html {
  return html`<section class="ssr-market" aria-labelledby="market">
<h2 id="market">${t('market.heading', 'The {place} market in numbers', { place })}</h2>
<dl class="ssr-dl">${marketFigures(m).map((f) => html`<dt>${t(`market.${f.id}`, f.label)}</dt><dd>${f.value}</dd>`)}</dl>
${
  m.byBedrooms.length === 0
    ? ''
    : html`<table class="ssr-table"><caption>${t('market.chartTitle', MARKET_CHART_TITLE)}</caption>
<thead><tr><th scope="col">${t('market.bedroomsColumn', 'Bedrooms')}</th><th scope="col">${t('market.averagePrice', 'Average list price')}</th><th scope="col">${t('market.homes', 'Homes')}</th></tr></thead>
<tbody>${m.byBedrooms.map((b) => html`<tr><th scope="row">${bedroomsLabel(b.beds, t)}</th><td>${priceText(b.averagePrice)}</td><td>${b.count}</td></tr>`)}</tbody></table>`
}
</section>`;
}
