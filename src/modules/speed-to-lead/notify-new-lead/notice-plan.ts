import { stableId } from '../../../shared/stable-id';
import type { LeadOwnerEvent } from '../../leads/leads.events';
import { textEligibility } from '../../messaging';
import { type NoticeKind, type NoticeLead, leadPageUrl, renderNotice } from './new-lead-notice';

/** The events that tell someone about a lead: assigned (by the router, the broker, a claim) or put in the pond. */
export type NoticeEvent = LeadOwnerEvent;

/** Someone who may be told, as their account says (consent and cell phone are the account's). */
export type Recipient = {
  readonly userId: string;
  readonly fullName: string;
  readonly email: string;
  readonly cellPhone: string | null;
  readonly consent: { readonly text: boolean };
};

export type Channel = 'email' | 'sms' | 'push';

/** One message to one person on one channel; `noticeId` is derived from the event, the person and the channel. */
export type Notice = {
  readonly noticeId: string;
  readonly recipientId: string;
  readonly channel: Channel;
  /** An e-mail address, 10 digits, or (push) the user id. */
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  readonly html: string | null;
  /** Where the notice leads: absolute in e-mails and texts, a path for a web push. */
  readonly url: string;
};

export const noticeId = (eventId: string, recipientId: string, channel: Channel): string => stableId(`lead notice ${eventId} ${recipientId} ${channel}`);

export type NoticeFacts = {
  readonly eventId: string;
  readonly event: NoticeEvent;
  readonly lead: NoticeLead;
  /** Whether the office wants the broker copied; false without an office. */
  readonly copyBroker: boolean;
  /** For a pond event: the office's active agents. */
  readonly activeAgents: readonly string[];
  readonly people: ReadonlyMap<string, Recipient>;
  /** PUBLIC_URL: the dashboard's address in e-mails and texts. */
  readonly baseUrl: string;
};

/**
 * Who is told what about a lead event: the agent who now has it (assigned, reassigned, claimed),
 * every active agent of the office for a pond lead, and the broker when the office asked for
 * copies (never twice, never of what they did themselves). Each by e-mail, by text only with a
 * cell phone and consent to texts, and (for the pond) by web push. Pure: the reactor brings the
 * facts.
 */
export function planNotices(f: NoticeFacts): Notice[] {
  const e = f.event;
  const told: { readonly userId: string; readonly kind: NoticeKind }[] = [];
  if (e.type === 'LeadPutInPond') {
    const officeId = e.data.officeId;
    for (const id of new Set(f.activeAgents)) told.push({ userId: id, kind: 'pond' });
    if (f.copyBroker && !told.some((t) => t.userId === officeId)) told.push({ userId: officeId, kind: 'pond' });
  } else {
    const officeId = e.data.officeId;
    told.push({ userId: e.data.agentId, kind: 'assigned' });
    const ownDoing = e.type === 'LeadReassigned' && e.data.byUserId === officeId;
    if (officeId && f.copyBroker && officeId !== e.data.agentId && !ownDoing) told.push({ userId: officeId, kind: 'copy' });
  }
  const url = leadPageUrl(f.baseUrl, f.lead.leadId);
  const path = leadPageUrl('', f.lead.leadId);
  const agentName = e.type === 'LeadPutInPond' ? undefined : f.people.get(e.data.agentId)?.fullName;
  return told.flatMap(({ userId, kind }) => {
    const p = f.people.get(userId);
    if (!p) return [];
    const c = renderNotice(kind, f.lead, { url, agentName });
    const notice = (channel: Channel, to: string, subject: string, body: string, html: string | null, link: string): Notice => ({
      noticeId: noticeId(f.eventId, userId, channel),
      recipientId: userId,
      channel,
      to,
      subject,
      body,
      html,
      url: link,
    });
    return [
      ...(p.email ? [notice('email', p.email, c.subject, c.text, c.html, url)] : []),
      ...(textEligibility({ exists: true, ...p }) === null ? [notice('sms', p.cellPhone!, '', c.sms, null, url)] : []),
      ...(kind === 'pond' ? [notice('push', userId, c.push.title, c.push.body, null, path)] : []),
    ];
  });
}
