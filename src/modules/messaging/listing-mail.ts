import type { IndexedListing } from '../../../projections/search';
import { listingCourtesy } from '../../contract/listing-courtesy';
import { priceText } from '../../contract/price';
import { type Html, html, joinHtml } from '../../shared/html';

/** The listing's price as its e-mails write it: a lease's rent per month says so. */
export const listingPriceText = (l: IndexedListing): string => priceText(l.price, l.forRent);
export const addressText = (l: IndexedListing): string => [l.address, l.city, l.state].filter(Boolean).join(', ') || l.pdid;
export const factsText = (l: IndexedListing): string =>
  [l.beds !== null ? `${l.beds} bd` : null, l.baths !== null ? `${l.baths} ba` : null, l.sqft !== null ? `${l.sqft.toLocaleString('en-US')} sq ft` : null]
    .filter(Boolean)
    .join(' · ');
const absolute = (base: string, url: string) => (/^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);

/** IDX attribution ("Listing courtesy of …"), which every listing an e-mail shows carries; null when the feed names nobody. */
export const courtesyOf = (l: IndexedListing): string | null => listingCourtesy(l.listOfficeName, l.listAgentName);

/** The listing's line in a text e-mail: address — price — beds, baths, size. */
export const listingTextLine = (l: IndexedListing): string => `${addressText(l)} — ${listingPriceText(l)}${factsText(l) ? ` — ${factsText(l)}` : ''}`;

/**
 * A listing in an HTML e-mail, as the alerts and the share e-mail show it: the first photo
 * (linked), an optional headline, the price, the address, the facts, the IDX attribution and a
 * link.
 */
export function listingHtml(l: IndexedListing, o: { readonly href: string; readonly baseUrl: string; readonly headline?: string }): Html {
  const photo = l.photos[0];
  const courtesy = courtesyOf(l);
  return joinHtml(
    [
      photo &&
        html`<a href="${o.href}"><img src="${absolute(o.baseUrl, photo)}" alt="" width="520" style="max-width:100%;border-radius:6px;display:block"></a>`,
      o.headline && html`<p style="margin:8px 0 0;color:#b45309;font-weight:600">${o.headline}</p>`,
      html`<p style="margin:4px 0 0;font-size:20px;font-weight:700">${listingPriceText(l)}</p>`,
      html`<p style="margin:2px 0 0">${addressText(l)}</p>`,
      html`<p style="margin:2px 0 0;color:#6b7280">${factsText(l)}</p>`,
      courtesy && html`<p style="margin:2px 0 0;font-size:12px;color:#6b7280">${courtesy}</p>`,
      html`<p style="margin:8px 0 0"><a href="${o.href}" style="color:#1d4ed8">See this home</a></p>`,
    ],
    '\n',
  );
}
