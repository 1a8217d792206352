import type { IndexedListing } from '../../../../projections/search/search-index.port';
import { assertNever } from '../../../shared/errors';
import type { MailMessage } from '../../messaging';
import type { AlertChangeKind, AlertReason } from '../alerts.events';

export type AlertItem = {
  readonly kind: AlertChangeKind;
  readonly reason: AlertReason;
  readonly detail: Readonly<Record<string, unknown>>;
  readonly listing: IndexedListing;
};

export type AlertMailContext = {
  readonly to: string;
  readonly firstName: string;
  readonly siteName: string;
  readonly baseUrl: string;
  readonly unsubscribe: { readonly propertyAlerts: string; readonly email: string; readonly headers: Readonly<Record<string, string>> };
};

/** $25k, $1.2M: how much a price moved, for people. */
export function moneyShort(n: number): string {
  if (n < 1000) return `$${Math.round(n)}`;
  if (n < 1_000_000) return `$${Math.round(n / 1000)}k`;
  return `$${(Math.round(n / 10_000) / 100).toString()}M`;
}
const money = (n: number | null) => (n === null ? 'Price on request' : `$${Math.round(n).toLocaleString('en-US')}`);

/** The one line that says what changed: 'New listing', 'Price reduced $25k'. */
export function changeLine(kind: AlertChangeKind, detail: Readonly<Record<string, unknown>>): string {
  switch (kind) {
    case 'new':
      return 'New listing';
    case 'price-reduced': {
      const from = Number(detail.from);
      const to = Number(detail.to);
      return Number.isFinite(from) && Number.isFinite(to) ? `Price reduced ${moneyShort(from - to)}` : 'Price reduced';
    }
    case 'back-on-market':
      return 'Back on the market';
    case 'pending':
      return 'Now pending';
    case 'sold':
      return 'Sold';
    case 'new-photos':
      return 'New photos';
    default:
      return assertNever(kind);
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const addressOf = (l: IndexedListing) => [l.address, l.city, l.state].filter(Boolean).join(', ') || l.pdid;
const facts = (l: IndexedListing) =>
  [l.beds !== null ? `${l.beds} bd` : null, l.baths !== null ? `${l.baths} ba` : null, l.sqft !== null ? `${l.sqft.toLocaleString('en-US')} sq ft` : null].filter(Boolean).join(' · ');
const absolute = (base: string, url: string) => (/^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * One alert or a digest of several: plain text (the source of truth) and HTML with a photo,
 * the price, the change and a link to the listing, under the site's name; the one-click
 * unsubscribe headers and links on every message.
 */
export function renderAlertEmail(items: readonly AlertItem[], m: AlertMailContext, digest: 'daily' | 'weekly' | null): MailMessage {
  const first = items[0]!;
  const subject = digest
    ? `${items.length} ${items.length === 1 ? 'home' : 'homes'} for you this ${digest === 'daily' ? 'day' : 'week'} — ${m.siteName}`
    : `${changeLine(first.kind, first.detail)}: ${addressOf(first.listing)} — ${money(first.listing.price)}`;
  const link = (l: IndexedListing) => `${m.baseUrl}/listing/${encodeURIComponent(l.pdid)}`;
  const text = [
    `Hi ${m.firstName},`,
    '',
    ...items.flatMap((i) => [
      `${changeLine(i.kind, i.detail)}${i.reason === 'favorite' ? ' (a home you saved)' : ''}`,
      `${addressOf(i.listing)} — ${money(i.listing.price)}${facts(i.listing) ? ` — ${facts(i.listing)}` : ''}`,
      link(i.listing),
      '',
    ]),
    `— ${m.siteName}`,
    '',
    `Stop property alerts: ${m.unsubscribe.propertyAlerts}`,
    `Unsubscribe from all e-mail: ${m.unsubscribe.email}`,
  ].join('\n');
  const cards = items
    .map((i) => {
      const photo = i.listing.photos[0];
      return `<tr><td style="padding:12px 0;border-bottom:1px solid #e5e7eb">
${photo ? `<a href="${escapeHtml(link(i.listing))}"><img src="${escapeHtml(absolute(m.baseUrl, photo))}" alt="" width="520" style="max-width:100%;border-radius:6px;display:block"></a>` : ''}
<p style="margin:8px 0 0;color:#b45309;font-weight:600">${escapeHtml(changeLine(i.kind, i.detail))}${i.reason === 'favorite' ? ' · a home you saved' : ''}</p>
<p style="margin:4px 0 0;font-size:20px;font-weight:700">${escapeHtml(money(i.listing.price))}</p>
<p style="margin:2px 0 0">${escapeHtml(addressOf(i.listing))}</p>
<p style="margin:2px 0 0;color:#6b7280">${escapeHtml(facts(i.listing))}</p>
<p style="margin:8px 0 0"><a href="${escapeHtml(link(i.listing))}" style="color:#1d4ed8">See this home</a></p></td></tr>`;
    })
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827;margin:0;padding:16px;background:#f9fafb">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;padding:16px;border-radius:8px">
<tr><td style="font-size:18px;font-weight:700;padding-bottom:8px;border-bottom:3px solid #f59e0b">${escapeHtml(m.siteName)}</td></tr>
<tr><td style="padding-top:12px">Hi ${escapeHtml(m.firstName)},</td></tr>
${cards}
<tr><td style="padding-top:16px;font-size:12px;color:#6b7280"><a href="${escapeHtml(m.unsubscribe.propertyAlerts)}">Stop property alerts</a> · <a href="${escapeHtml(m.unsubscribe.email)}">Unsubscribe from all e-mail</a></td></tr>
</table></body></html>`;
  return { to: m.to, subject, text, html, headers: { ...m.unsubscribe.headers } };
}
