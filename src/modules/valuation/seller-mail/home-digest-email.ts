import { html } from '../../../shared/html';
import { type MailMessage, mailPage } from '../../messaging';
import type { DigestFacts } from './home-digest-facts';

export type HomeDigestEmail = {
  readonly to: string;
  readonly firstName: string;
  readonly siteName: string;
  readonly street: string;
  readonly facts: DigestFacts;
  /** Where "Ask for a CMA" goes: the digest's tracked link, on to the site's seller page. */
  readonly cmaLink: string;
  /** The digest's 1×1 tracking image. */
  readonly pixel: string;
  readonly unsubscribe: { readonly email: string; readonly headers: Readonly<Record<string, string>> };
};

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** "up $12,000 (2.0 %) since last month", or "the same as last month"; null without last month's estimate. */
export function changeWords(estimate: number, before: number | null): string | null {
  if (before === null) return null;
  const delta = estimate - before;
  if (delta === 0) return 'the same as last month';
  const pct = ((Math.abs(delta) / before) * 100).toFixed(1);
  return `${delta > 0 ? 'up' : 'down'} ${money(Math.abs(delta))} (${pct} %) since last month`;
}

/**
 * The monthly homeowner digest: the home's estimate and its change, the sales and the new listings
 * nearby in the last 30 days, an "Ask for a CMA" button, the estimate's disclaimer, and the one-click unsubscribe
 * headers and link. Every value goes through html`` (escaped).
 */
export function renderHomeDigestEmail(m: HomeDigestEmail): MailMessage {
  const { facts } = m;
  const change = changeWords(facts.estimate, facts.before);
  const headline = `${m.street}: estimated at ${money(facts.estimate)}${change ? `, ${change}` : ''}`;
  const disclaimer = 'An automated estimate from nearby sales, not an appraisal: it does not know your home’s condition or updates.';
  const saleLine = (s: DigestFacts['sales'][number]) =>
    `${s.address ?? 'Address not shown'} — sold for ${money(s.closePrice)} on ${s.closeDate}, ${s.distanceMiles.toFixed(2)} mi away`;
  const listingLine = (l: DigestFacts['listings'][number]) =>
    `${l.address ?? 'Address not shown'} — listed${l.listPrice ? ` at ${money(l.listPrice)}` : ''} on ${l.listDate}, ${l.distanceMiles.toFixed(2)} mi away`;
  const listingsTitle = facts.listings.length ? 'New listings near you in the last 30 days' : 'No home within a mile of yours was listed in the last 30 days.';
  const text = [
    `Hi ${m.firstName},`,
    '',
    `Your home’s value this month (as of ${facts.asOf}):`,
    headline,
    disclaimer,
    '',
    facts.sales.length ? 'Sold near you in the last 30 days:' : 'No home within a mile of yours sold in the last 30 days.',
    ...facts.sales.map(saleLine),
    '',
    facts.listings.length ? `${listingsTitle}:` : listingsTitle,
    ...facts.listings.map(listingLine),
    '',
    `Ask for a CMA (an agent’s market analysis of your home): ${m.cmaLink}`,
    '',
    `— ${m.siteName}`,
    '',
    `Unsubscribe from all e-mail: ${m.unsubscribe.email}`,
  ].join('\n');
  const page = mailPage(m.siteName, [
    html`<tr><td style="padding-top:12px">Hi ${m.firstName},</td></tr>`,
    html`<tr><td style="padding-top:8px">Your home’s value this month (as of ${facts.asOf}):</td></tr>`,
    html`<tr><td style="padding-top:8px;font-size:18px;font-weight:700" data-testid="digest-headline">${headline}</td></tr>`,
    html`<tr><td style="padding-top:4px;font-size:12px;color:#6b7280">${disclaimer}</td></tr>`,
    html`<tr><td style="padding-top:16px;font-weight:700">${facts.sales.length ? 'Sold near you in the last 30 days' : 'No home within a mile of yours sold in the last 30 days.'}</td></tr>`,
    ...facts.sales.map((s) => html`<tr><td style="padding:4px 0;border-bottom:1px solid #e5e7eb">${saleLine(s)}</td></tr>`),
    html`<tr><td style="padding-top:16px;font-weight:700">${listingsTitle}</td></tr>`,
    ...facts.listings.map((l) => html`<tr><td style="padding:4px 0;border-bottom:1px solid #e5e7eb">${listingLine(l)}</td></tr>`),
    html`<tr><td style="padding-top:16px"><a href="${m.cmaLink}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Ask for a CMA</a></td></tr>`,
    html`<tr><td style="padding-top:16px;font-size:12px;color:#6b7280">${m.siteName} · <a href="${m.unsubscribe.email}">Unsubscribe from all e-mail</a></td></tr>`,
    html`<tr><td><img src="${m.pixel}" width="1" height="1" alt="" style="display:block;border:0"></td></tr>`,
  ]);
  return { to: m.to, subject: `Your home’s value this month: ${money(facts.estimate)} — ${m.street}`, text, html: page, headers: { ...m.unsubscribe.headers } };
}
