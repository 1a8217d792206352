import type { IndexedListing } from '../../../../projections/search';
import { html } from '../../../shared/html';
import { addressText, listingHtml, listingPriceText, listingTextLine, type MailMessage, mailPage } from '../../messaging';
import { defangLinks } from './defang-links';

export type ShareMail = {
  readonly to: string;
  /** The lead who shared it: the e-mail says who sent it. */
  readonly from: { readonly firstName: string; readonly email: string };
  /** What the lead wrote: plain text, never markup; addresses in it are made unclickable. */
  readonly message: string;
  readonly listing: IndexedListing;
  readonly siteName: string;
  readonly baseUrl: string;
};

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The e-mail to the friend a lead shared a listing with: who sent it, their message as text (in
 * the HTML escaped, its line breaks kept by CSS), the listing's photo, price, address and facts,
 * and a plain link to the listing on the site — never the lead's signed links. Links the lead
 * wrote (in the message or as a name) are defanged so that no mail program makes them clickable:
 * the only link in the e-mail is the listing's.
 */
export function renderShareEmail(m: ShareMail): MailMessage {
  const l = m.listing;
  const href = `${m.baseUrl}/listing/${encodeURIComponent(l.pdid)}`;
  const name = defangLinks(oneLine(m.from.firstName)) || 'Someone';
  const message = defangLinks(m.message);
  const sender = `${name} (${m.from.email})`;
  const why = `You are receiving this e-mail because ${sender} entered your address on ${m.siteName} to share this home with you. We will not write to you again unless you ask.`;
  const text = [
    'Hello,',
    '',
    `${sender} found this home on ${m.siteName} and shared it with you.`,
    '',
    ...(message ? [`${name} wrote:`, message, ''] : []),
    listingTextLine(l),
    href,
    '',
    `— ${m.siteName}`,
    '',
    why,
  ].join('\n');
  const page = mailPage(m.siteName, [
    html`<tr><td style="padding-top:12px">${sender} found this home on ${m.siteName} and shared it with you.</td></tr>`,
    message &&
      html`<tr><td style="padding-top:12px"><p style="margin:0;color:#6b7280">${name} wrote:</p><p style="margin:4px 0 0;white-space:pre-wrap;border-left:3px solid #e5e7eb;padding-left:8px">${message}</p></td></tr>`,
    html`<tr><td style="padding:12px 0;border-bottom:1px solid #e5e7eb">
${listingHtml(l, { href, baseUrl: m.baseUrl })}</td></tr>`,
    html`<tr><td style="padding-top:16px;font-size:12px;color:#6b7280">${why}</td></tr>`,
  ]);
  return { to: m.to, subject: `${name} shared a home with you: ${addressText(l)} — ${listingPriceText(l)}`, text, html: page };
}
