import { priceText } from '../../contract/price';
import type { Card } from '../../contract/search';
import { type Html, html } from '../../shared/html';
import { english, type Translate } from './page-language';
import { listingPath } from './slugs';

/** A link of the breadcrumb trail; the page itself comes last, without a link. */
export type Crumb = { readonly name: string; readonly path: string };

/**
 * The server-rendered page in #ssr, before the app's root: what a client without JavaScript
 * reads, and what a person sees until the app has drawn the same page (it then removes #ssr).
 */
export function renderBody(at: { path: string; siteName: string; crumbs: readonly Crumb[]; main: Html; footer?: Html | null; t: Translate }): Html {
  const t = at.t;
  const last = at.crumbs.length - 1;
  return html`<div id="ssr" class="ssr" data-path="${at.path}">
<header class="ssr-header"><a class="ssr-brand" href="/">${at.siteName}</a><nav aria-label="${t('pages.nav', 'Site')}"><a href="/search">${t('pages.searchHomes', 'Search homes')}</a> <a href="/agents">${t('header.agents', 'Our agents')}</a></nav></header>
${
  at.crumbs.length > 1
    ? html`<nav class="ssr-crumbs" aria-label="${t('pages.breadcrumb', 'Breadcrumb')}"><ol>${at.crumbs.map((c, i) => (i === last ? html`<li aria-current="page">${c.name}</li>` : html`<li><a href="${c.path}">${c.name}</a></li>`))}</ol></nav>`
    : ''
}
<main id="main" class="ssr-main">${at.main}</main>
${at.footer ? html`<footer class="ssr-footer">${at.footer}</footer>` : ''}
</div>`;
}

/** "3 bd · 2 ba · 1,500 sq ft", leaving out what the feed did not say. */
export function factsLine(c: Pick<Card, 'beds' | 'baths' | 'sqft'>, t: Translate = english): string {
  const parts: string[] = [];
  if (c.beds !== null) parts.push(t('pages.facts.beds', '{beds} bd', { beds: c.beds }));
  if (c.baths !== null) parts.push(t('pages.facts.baths', '{baths} ba', { baths: c.baths }));
  if (c.sqft !== null) parts.push(t('pages.facts.sqft', '{sqft} sq ft', { sqft: Math.round(c.sqft) }));
  return parts.join(' · ');
}

/** What a listing is called where its street address may not be shown: "Home in Seattle, WA 98101". */
export function listingName(c: Pick<Card, 'address' | 'city' | 'state' | 'zip'>): string {
  const place = [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  if (c.address) return place ? `${c.address}, ${place}` : c.address;
  return place ? `Home in ${place}` : 'Home';
}

/** Result cards as links to the listings' pages. */
export function renderCards(cards: readonly Card[], t: Translate): Html {
  if (cards.length === 0) return html``;
  return html`<ul class="ssr-cards">${cards.map(
    (c) =>
      html`<li class="ssr-card"><a href="${listingPath(c.pdid)}">${
        c.photos[0] ? html`<img src="${c.photos[0]}" alt="${listingName(c)}" width="320" height="213" loading="lazy" decoding="async" />` : ''
      }<span class="ssr-price">${priceText(c.price, c.forRent)}</span> <span>${factsLine(c, t)}</span> <span class="ssr-address">${listingName(c)}</span></a>${
        c.status === 'Closed' ? html` <span class="ssr-status">${t('pages.status.sold', 'Sold')}</span>` : ''
      }</li>`,
  )}</ul>`;
}

/** Previous and next links of a paged list: page 1 is the bare address. */
export function renderPager(path: string, page: number, pages: number, t: Translate): Html {
  if (pages <= 1) return html``;
  const href = (p: number) => (p === 1 ? path : `${path}?page=${p}`);
  return html`<nav class="ssr-pager" aria-label="${t('pages.pager', 'Pages')}">${page > 1 ? html`<a rel="prev" href="${href(page - 1)}">${t('pages.previous', 'Previous page')}</a>` : ''} <span>${t('pages.pageOf', 'Page {page} of {pages}', { page, pages })}</span> ${
    page < pages ? html`<a rel="next" href="${href(page + 1)}">${t('pages.next', 'Next page')}</a>` : ''
  }</nav>`;
}
