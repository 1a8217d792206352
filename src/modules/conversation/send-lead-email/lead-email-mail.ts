import { html } from '../../../shared/html';
import type { MailMessage } from '../../messaging';
import { plainTextToHtml } from './plain-text-html';

export type LeadEmailMail = {
  readonly to: string;
  /** As sent: merge fields filled. */
  readonly subject: string;
  readonly body: string;
  /** The thread's reply address (reply+{token}@INBOUND_EMAIL_DOMAIN). */
  readonly replyTo: string;
  readonly agentName: string;
  readonly siteName: string;
  /** The one-click unsubscribe of the lead's account (CommunicationLinks), as alert e-mails carry it. */
  readonly unsubscribe: { readonly email: string; readonly headers: Readonly<Record<string, string>> };
};

/**
 * An agent's e-mail to a lead: the plain text as the agent wrote it (the source of truth), an
 * HTML part our formatter made from it, replies to the thread's own address, and the
 * unsubscribe footer and List-Unsubscribe / List-Unsubscribe-Post headers of every e-mail the
 * product sends a lead.
 */
export function renderLeadEmail(m: LeadEmailMail): MailMessage {
  const from = [m.agentName, m.siteName].filter(Boolean).join(' · ');
  const text = [
    m.body,
    '',
    '-- ',
    from,
    `Reply to this e-mail to answer ${m.agentName || m.siteName}.`,
    `Unsubscribe from e-mail: ${m.unsubscribe.email}`,
  ].join('\n');
  const page = html`<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827;margin:0;padding:16px;background:#ffffff;line-height:1.5">
<div style="max-width:600px">
${plainTextToHtml(m.body)}
<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${from}<br>
Reply to this e-mail to answer ${m.agentName || m.siteName}. · <a href="${m.unsubscribe.email}" style="color:#6b7280">Unsubscribe from e-mail</a></p>
</div></body></html>`.text;
  return { to: m.to, subject: m.subject, text, html: page, replyTo: m.replyTo, headers: { ...m.unsubscribe.headers } };
}
