import type { IndexedListing } from '../../../../projections/search';
import { priceShort } from '../../../contract/price';
import { assertNever } from '../../../shared/errors';
import { openHouseWhen } from '../../listings';
import { html, joinHtml } from '../../../shared/html';
import { addressText, listingHtml, listingPriceText, listingTextLine, type MailMessage, mailPage } from '../../messaging';
import type { AlertChangeKind, AlertReason } from '../alerts.events';
import type { AlertLinkUrls } from '../open-alerts/alert-links';

export type AlertItem = {
  readonly kind: AlertChangeKind;
  readonly reason: AlertReason;
  readonly detail: Readonly<Record<string, unknown>>;
  readonly listing: IndexedListing;
  /** The alert's signed listing link and tracking image; without them the link is the plain listing address. */
  readonly links?: AlertLinkUrls;
};

export type AlertMailContext = {
  readonly to: string;
  readonly firstName: string;
  readonly siteName: string;
  readonly baseUrl: string;
  readonly unsubscribe: { readonly propertyAlerts: string; readonly email: string; readonly headers: Readonly<Record<string, string>> };
};

/**
 * The one line that says what changed: 'New listing', 'Price reduced $25k'. A lease's price is
 * its rent (`forRent`): 'Price reduced $150/mo', and a closed lease was 'Leased', not sold.
 */
export function changeLine(kind: AlertChangeKind, detail: Readonly<Record<string, unknown>>, forRent = false): string {
  // A record that changed several things at once is one alert (see mergeChanges): all of them, weightiest first.
  const also = Array.isArray(detail.also) ? (detail.also as { kind: AlertChangeKind; detail: Record<string, unknown> }[]) : [];
  return [oneChangeLine(kind, detail, forRent), ...also.map((c) => oneChangeLine(c.kind, c.detail, forRent))].join(' · ');
}

function oneChangeLine(kind: AlertChangeKind, detail: Readonly<Record<string, unknown>>, forRent: boolean): string {
  switch (kind) {
    case 'new':
      return 'New listing';
    case 'price-reduced': {
      const from = Number(detail.from);
      const to = Number(detail.to);
      return Number.isFinite(from) && Number.isFinite(to) ? `Price reduced ${priceShort(from - to, forRent)}` : 'Price reduced';
    }
    case 'back-on-market':
      return 'Back on the market';
    case 'pending':
      return 'Now pending';
    case 'sold':
      return forRent ? 'Leased' : 'Sold';
    case 'new-photos':
      return 'New photos';
    case 'open-house':
      return typeof detail.start === 'string' && typeof detail.end === 'string'
        ? `Open house ${openHouseWhen(detail.start, detail.end, 'short')}`
        : 'Open house';
    case 'open-house-cancelled':
      return typeof detail.start === 'string' && typeof detail.end === 'string'
        ? `Open house cancelled: ${openHouseWhen(detail.start, detail.end, 'short')}`
        : 'Open house cancelled';
    default:
      return assertNever(kind);
  }
}

/**
 * One alert or a digest of several: plain text (the source of truth) and HTML with a photo,
 * the price, the change and a link to the listing (signed: it opens the listing signed in),
 * under the site's name; a 1×1 tracking image per alert in the HTML; the one-click unsubscribe
 * headers and links on every message.
 */
export function renderAlertEmail(items: readonly AlertItem[], m: AlertMailContext, digest: 'daily' | 'weekly' | null): MailMessage {
  const first = items[0]!;
  const subject = digest
    ? `${items.length} ${items.length === 1 ? 'home' : 'homes'} for you this ${digest === 'daily' ? 'day' : 'week'} — ${m.siteName}`
    : `${changeLine(first.kind, first.detail, first.listing.forRent)}: ${addressText(first.listing)} — ${listingPriceText(first.listing)}`;
  const link = (i: AlertItem) => i.links?.open ?? `${m.baseUrl}/listing/${encodeURIComponent(i.listing.pdid)}`;
  const text = [
    `Hi ${m.firstName},`,
    '',
    ...items.flatMap((i) => [
      `${changeLine(i.kind, i.detail, i.listing.forRent)}${i.reason === 'favorite' ? ' (a home you saved)' : ''}`,
      listingTextLine(i.listing),
      link(i),
      '',
    ]),
    `— ${m.siteName}`,
    '',
    `Stop property alerts: ${m.unsubscribe.propertyAlerts}`,
    `Unsubscribe from all e-mail: ${m.unsubscribe.email}`,
  ].join('\n');
  const cards = items.map((i) => {
    const headline = `${changeLine(i.kind, i.detail, i.listing.forRent)}${i.reason === 'favorite' ? ' · a home you saved' : ''}`;
    const pixel =
      i.links &&
      html`
<img src="${i.links.pixel}" alt="" width="1" height="1" style="display:block;border:0;width:1px;height:1px">`;
    return html`<tr><td style="padding:12px 0;border-bottom:1px solid #e5e7eb">
${listingHtml(i.listing, { href: link(i), baseUrl: m.baseUrl, headline })}${pixel}</td></tr>`;
  });
  const page = mailPage(m.siteName, [
    html`<tr><td style="padding-top:12px">Hi ${m.firstName},</td></tr>`,
    joinHtml(cards, '\n'),
    html`<tr><td style="padding-top:16px;font-size:12px;color:#6b7280"><a href="${m.unsubscribe.propertyAlerts}">Stop property alerts</a> · <a href="${m.unsubscribe.email}">Unsubscribe from all e-mail</a></td></tr>`,
  ]);
  return { to: m.to, subject, text, html: page, headers: { ...m.unsubscribe.headers } };
}
