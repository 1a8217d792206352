import { html } from '../../../shared/html';
import { type MailMessage, mailPage } from '../../messaging';

export type CmaEmail = {
  readonly to: string;
  readonly firstName: string;
  readonly agentName: string;
  readonly siteName: string;
  /** The street of the home, as the lead gave it. */
  readonly street: string;
  readonly estimate: number | null;
  readonly link: string;
  readonly expiresOn: string;
  readonly unsubscribe: { readonly email: string; readonly headers: Readonly<Record<string, string>> };
};

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** The e-mail of a CMA: a few plain words, the estimate, and the signed link to the comps; the one-click unsubscribe headers and link. */
export function renderCmaEmail(m: CmaEmail): MailMessage {
  const lead = `${m.agentName} prepared a market analysis of ${m.street}`;
  const figure = m.estimate === null ? '' : `Estimated value: ${money(m.estimate)}. It is an estimate from nearby sales, not an appraisal.`;
  const text = [
    `Hi ${m.firstName},`,
    '',
    `${lead}: the recent sales near your home, and what each says your home is worth.`,
    ...(figure ? ['', figure] : []),
    '',
    `See it here (the link works until ${m.expiresOn}): ${m.link}`,
    '',
    `— ${m.agentName}, ${m.siteName}`,
    '',
    `Unsubscribe from all e-mail: ${m.unsubscribe.email}`,
  ].join('\n');
  const page = mailPage(m.siteName, [
    html`<tr><td style="padding-top:12px">Hi ${m.firstName},</td></tr>`,
    html`<tr><td style="padding-top:8px">${lead}: the recent sales near your home, and what each says your home is worth.</td></tr>`,
    figure && html`<tr><td style="padding-top:8px;font-size:18px;font-weight:700">${figure}</td></tr>`,
    html`<tr><td style="padding-top:16px"><a href="${m.link}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">See the market analysis</a></td></tr>`,
    html`<tr><td style="padding-top:8px;font-size:12px;color:#6b7280">The link works until ${m.expiresOn}.</td></tr>`,
    html`<tr><td style="padding-top:16px;font-size:12px;color:#6b7280">${`— ${m.agentName}, ${m.siteName}`} · <a href="${m.unsubscribe.email}">Unsubscribe from all e-mail</a></td></tr>`,
  ]);
  return { to: m.to, subject: `${m.agentName} sent you a market analysis of ${m.street}`, text, html: page, headers: { ...m.unsubscribe.headers } };
}
