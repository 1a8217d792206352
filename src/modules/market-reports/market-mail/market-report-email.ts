import { monthLabel } from '../../../contract/market-chart';
import { MARKET_COLUMNS } from '../../../contract/market-reports';
import { html } from '../../../shared/html';
import { type MailMessage, mailPage } from '../../messaging';
import type { MarketMonthFacts } from './market-report-facts';
import type { MarketStopLinks } from './market-unsubscribe-link';

export type MarketReportEmail = {
  readonly to: string;
  readonly firstName: string;
  readonly siteName: string;
  /** The site's address, without a trailing slash: each area's page is under it. */
  readonly baseUrl: string;
  readonly areas: readonly MarketMonthFacts[];
  /** Unsubscribe from all e-mail (the site's link): kept in the footer. */
  readonly unsubscribe: { readonly email: string };
  /** Each area's own stop link, and the one-click headers that stop this e-mail's areas only. */
  readonly stop: MarketStopLinks;
};

/** "Median sold price: $700,000 (Feb 2015: $680,000)": each figure of the month, against the month before. */
export function figureLines(a: MarketMonthFacts): string[] {
  return MARKET_COLUMNS.slice(1).map((c) => `${c.label}: ${c.value(a.month)}${a.before ? ` (${monthLabel(a.before.month)}: ${c.value(a.before)})` : ''}`);
}

/**
 * The monthly market report e-mail: for each area the lead subscribed to, the last month's
 * figures against the month before, a link to the area's page and one that stops that area's
 * report only; the one-click List-Unsubscribe stops the areas of this e-mail (the lead's other
 * e-mail goes on); the footer keeps the link that stops all e-mail. Every value goes through html`` (escaped).
 */
export function renderMarketReportEmail(m: MarketReportEmail): MailMessage {
  const title = (a: MarketMonthFacts) => `${a.label} housing market, ${monthLabel(a.month.month)}`;
  const text = [
    `Hi ${m.firstName},`,
    '',
    ...m.areas.flatMap((a) => [
      title(a),
      ...figureLines(a),
      `Month by month, with the chart: ${m.baseUrl}${a.path}`,
      `Stop the ${a.label} report: ${m.stop.area(a.slug)}`,
      '',
    ]),
    'Figures come from the MLS listings this site shows.',
    '',
    `— ${m.siteName}`,
    '',
    `Unsubscribe from all e-mail: ${m.unsubscribe.email}`,
  ].join('\n');
  const page = mailPage(m.siteName, [
    html`<tr><td style="padding-top:12px">Hi ${m.firstName},</td></tr>`,
    ...m.areas.flatMap((a) => [
      html`<tr><td style="padding-top:16px;font-size:18px;font-weight:700">${title(a)}</td></tr>`,
      ...figureLines(a).map((l) => html`<tr><td style="padding:4px 0;border-bottom:1px solid #e5e7eb">${l}</td></tr>`),
      html`<tr><td style="padding-top:12px"><a href="${`${m.baseUrl}${a.path}`}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">See the ${a.label} report</a></td></tr>`,
      html`<tr><td style="padding-top:8px;font-size:12px"><a href="${m.stop.area(a.slug)}" style="color:#6b7280">Stop the ${a.label} report</a></td></tr>`,
    ]),
    html`<tr><td style="padding-top:16px;font-size:12px;color:#6b7280">Figures come from the MLS listings this site shows.</td></tr>`,
    html`<tr><td style="padding-top:16px;font-size:12px;color:#6b7280">${m.siteName} · <a href="${m.unsubscribe.email}">Unsubscribe from all e-mail</a></td></tr>`,
  ]);
  const first = m.areas[0]!;
  const subject = m.areas.length === 1 ? title(first) : `${title(first)} and ${m.areas.length - 1} more`;
  return { to: m.to, subject, text, html: page, headers: { ...m.stop.headers } };
}
