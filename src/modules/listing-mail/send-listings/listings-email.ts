import type { IndexedListing } from '../../../../projections/search';
import { html } from '../../../shared/html';
import { addressText, courtesyOf, listingHtml, listingPriceText, listingTextLine, type MailMessage, mailPage } from '../../messaging';
import type { ListingMailUrls } from './listing-mail-links';

export type ListingsEmail = {
  readonly to: string;
  readonly firstName: string;
  /** The agent who sent them, as the lead knows them. */
  readonly agentName: string;
  /** What the agent wrote above the homes: plain text, never markup. */
  readonly note: string;
  /** In the order the agent chose. */
  readonly listings: readonly IndexedListing[];
  readonly links: ListingMailUrls;
  readonly siteName: string;
  readonly baseUrl: string;
  readonly unsubscribe: { readonly email: string; readonly headers: Readonly<Record<string, string>> };
};

/**
 * The e-mail of listings an agent sends a lead: the agent's note as text (escaped in the HTML,
 * its line breaks kept by CSS), then a card per listing — photo, price (a lease's per month),
 * address, beds, baths and size, "Listing courtesy of …" — whose links go through the e-mail's
 * signed click address to the listing on the lead's site, a 1×1 tracking image, and the
 * one-click unsubscribe headers and link.
 */
export function renderListingsEmail(m: ListingsEmail): MailMessage {
  const n = m.listings.length;
  const homes = n === 1 ? 'a home' : `${n} homes`;
  const intro = `${m.agentName} picked ${homes} for you on ${m.siteName}.`;
  const note = m.note.trim();
  const first = m.listings[0]!;
  const subject =
    n === 1 ? `${m.agentName} sent you a home: ${addressText(first)} — ${listingPriceText(first)}` : `${m.agentName} sent you ${n} homes — ${m.siteName}`;
  const text = [
    `Hi ${m.firstName},`,
    '',
    intro,
    '',
    ...(note ? [`${m.agentName} wrote:`, note, ''] : []),
    ...m.listings.flatMap((l) => [listingTextLine(l), ...(courtesyOf(l) ? [courtesyOf(l)!] : []), m.links.click(l.pdid), '']),
    `— ${m.agentName}, ${m.siteName}`,
    '',
    `Unsubscribe from all e-mail: ${m.unsubscribe.email}`,
  ].join('\n');
  const page = mailPage(m.siteName, [
    html`<tr><td style="padding-top:12px">Hi ${m.firstName},</td></tr>`,
    html`<tr><td style="padding-top:8px">${intro}</td></tr>`,
    note &&
      html`<tr><td style="padding-top:12px"><p style="margin:0;color:#6b7280">${m.agentName} wrote:</p><p style="margin:4px 0 0;white-space:pre-wrap;border-left:3px solid #e5e7eb;padding-left:8px">${note}</p></td></tr>`,
    ...m.listings.map(
      (l) =>
        html`<tr><td style="padding:12px 0;border-bottom:1px solid #e5e7eb" data-pdid="${l.pdid}">\n${listingHtml(l, { href: m.links.click(l.pdid), baseUrl: m.baseUrl })}</td></tr>`,
    ),
    html`<tr><td style="padding-top:16px;font-size:12px;color:#6b7280">${`— ${m.agentName}, ${m.siteName}`} · <a href="${m.unsubscribe.email}">Unsubscribe from all e-mail</a>
<img src="${m.links.pixel}" alt="" width="1" height="1" style="display:block;border:0;width:1px;height:1px"></td></tr>`,
  ]);
  return { to: m.to, subject, text, html: page, headers: { ...m.unsubscribe.headers } };
}
