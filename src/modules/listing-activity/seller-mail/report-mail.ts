import { html } from '../../../shared/html';
import { type MailMessage, mailPage } from '../../messaging';

export type ReportMail = {
  readonly to: string;
  readonly sellerName: string;
  readonly agent: { readonly name: string; readonly email: string };
  readonly siteName: string;
  /** The listing's address as the feed gives it. */
  readonly address: string;
  /** The agent's words, plain text (escaped in the HTML, line breaks kept by CSS); '' for none. */
  readonly note: string;
  /** The signed link to the read-only report. */
  readonly link: string;
  readonly expiresOn: string;
};

/**
 * The listing activity report e-mailed to the seller: who sent it, the agent's note, and the
 * signed link to the weekly traffic of the listing. Replies go to the agent. One e-mail the agent
 * asked for, to someone who need not have an account: no unsubscribe, and it says so.
 */
export function renderReportMail(m: ReportMail): MailMessage {
  const intro = `${m.agent.name} sent you the activity report of your listing at ${m.address}: its views, visitors, favourites, shares, showing requests and inquiries week by week.`;
  const why = `You are receiving this e-mail because ${m.agent.name} (${m.agent.email}) of ${m.siteName} entered your address to send you this report. Reply to write to them.`;
  const text = [
    `Hi ${m.sellerName},`,
    '',
    intro,
    ...(m.note ? ['', `${m.agent.name} wrote:`, m.note] : []),
    '',
    `See the report (the link works until ${m.expiresOn}): ${m.link}`,
    '',
    `— ${m.agent.name}, ${m.siteName}`,
    '',
    why,
  ].join('\n');
  const page = mailPage(m.siteName, [
    html`<tr><td style="padding-top:12px">Hi ${m.sellerName},</td></tr>`,
    html`<tr><td style="padding-top:8px">${intro}</td></tr>`,
    m.note &&
      html`<tr><td style="padding-top:12px"><p style="margin:0;color:#6b7280">${m.agent.name} wrote:</p><p style="margin:4px 0 0;white-space:pre-wrap;border-left:3px solid #e5e7eb;padding-left:8px">${m.note}</p></td></tr>`,
    html`<tr><td style="padding-top:16px"><a href="${m.link}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">See your listing's activity</a></td></tr>`,
    html`<tr><td style="padding-top:8px;font-size:12px;color:#6b7280">The link works until ${m.expiresOn}.</td></tr>`,
    html`<tr><td style="padding-top:16px;font-size:12px;color:#6b7280">${why}</td></tr>`,
  ]);
  return { to: m.to, replyTo: m.agent.email, subject: `Your listing's activity: ${m.address}`, text, html: page };
}
