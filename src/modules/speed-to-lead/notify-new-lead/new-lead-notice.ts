import { html } from '../../../shared/html';

/** Why someone is told: the lead is now theirs, it is in their office's pond, or a copy for the broker. */
export type NoticeKind = 'assigned' | 'pond' | 'copy';

/** What a notice says about the lead (all of it the lead's own text, so never markup). */
export type NoticeLead = {
  readonly leadId: string;
  readonly fullName: string;
  readonly leadType: string;
  /** The lead's last inquiry message, or '' (a sign-up). */
  readonly message: string;
  /** The listing the lead asked about, by address (its id when the index does not know it), or null. */
  readonly listing: string | null;
};

export type NoticeContent = {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly sms: string;
  readonly push: { readonly title: string; readonly body: string };
};

export const MAIL_MESSAGE_CHARS = 500;
export const SMS_MESSAGE_CHARS = 100;

/** At most `max` characters (an ellipsis marks the cut), whitespace folded: a message is clipped, never a link. */
export const clip = (s: string, max: number): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1).trimEnd()}…` : one;
};

/** The link to the lead's page on the dashboard. */
export const leadPageUrl = (baseUrl: string, leadId: string): string => `${baseUrl}/dashboard?lead=${encodeURIComponent(leadId)}`;

/**
 * The words of a new-lead notice (speed to lead): the lead's name and type, their message
 * (clipped), the listing if any and a link to the lead's page, as an e-mail (text, and HTML with
 * every user-written value escaped), a text message and a web push. `agentName`: who got the
 * lead, for the broker's copy.
 */
export function renderNotice(kind: NoticeKind, lead: NoticeLead, o: { readonly url: string; readonly agentName?: string }): NoticeContent {
  const who = `${clip(lead.fullName, 80) || 'A lead'} (${clip(lead.leadType, 40) || 'Lead'})`;
  const headline =
    kind === 'pond'
      ? `${who} is in your office's pond: the first agent to claim it gets it.`
      : kind === 'copy'
        ? `${who} is a new lead for ${o.agentName ?? 'your office'}.`
        : `${who} is your new lead. Reach out now: the first minutes count.`;
  const subject = kind === 'pond' ? `Lead in the pond: ${who}` : kind === 'copy' ? `New lead for ${o.agentName ?? 'your office'}: ${who}` : `New lead: ${who}`;
  const message = clip(lead.message, MAIL_MESSAGE_CHARS);
  const listing = lead.listing ? clip(lead.listing, 200) : null;
  const action = kind === 'pond' ? 'Claim the lead' : 'Open the lead';
  const text = [headline, '', ...(message ? ['Message:', message, ''] : []), ...(listing ? [`Listing: ${listing}`, ''] : []), `${action}: ${o.url}`].join('\n');
  const page = html`<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827;margin:0;padding:16px">
<p style="margin:0 0 12px;font-size:16px">${headline}</p>
${message && html`<p style="margin:0;color:#6b7280">Message:</p><p style="margin:4px 0 12px;white-space:pre-wrap;border-left:3px solid #e5e7eb;padding-left:8px">${message}</p>`}
${listing && html`<p style="margin:0 0 12px">Listing: ${listing}</p>`}
<p style="margin:0"><a href="${o.url}" style="color:#1d4ed8">${action}</a></p>
</body></html>`.text;
  const smsMessage = clip(lead.message, SMS_MESSAGE_CHARS);
  const sms = [
    kind === 'pond'
      ? `Pond lead: ${who}, first to claim gets it.`
      : kind === 'copy'
        ? `New lead for ${o.agentName ?? 'your office'}: ${who}.`
        : `New lead: ${who}.`,
    smsMessage ? `"${smsMessage}"` : '',
    listing ? `Listing: ${clip(listing, 80)}.` : '',
    o.url,
  ]
    .filter(Boolean)
    .join(' ');
  const push = kind === 'pond' ? { title: 'Lead in the pond', body: `${who}: first to claim gets it` } : { title: 'New lead', body: who };
  return { subject, text, html: page, sms, push };
}
