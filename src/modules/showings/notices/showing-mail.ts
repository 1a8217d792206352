import { showingWhen } from '../../../contract/showings';
import { html } from '../../../shared/html';
import type { MailAttachment, MailMessage } from '../../messaging';
import { type IcsPerson, showingCalendar } from './ics';

/** A showing as its notices tell it: where, when (on the listing's clock), with whom. */
export type NoticeShowing = {
  readonly showingId: string;
  readonly leadId: string;
  readonly address: string;
  readonly timeZone: string;
  readonly start: string;
  readonly end: string;
  readonly sequence: number;
};

export type NoticeContext = {
  readonly showing: NoticeShowing;
  readonly lead: IcsPerson;
  /** The organizer (null: nobody of the office holds the lead). */
  readonly agent: IcsPerson | null;
  readonly baseUrl: string;
  /** DTSTAMP: when this notice was made. */
  readonly now: Date;
  /** A cancellation the lead made (the agent's notice says so). */
  readonly byLead?: boolean;
};

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const firstName = (name: string) => oneLine(name).split(' ')[0] || 'there';
const endTime = (s: NoticeShowing) => new Intl.DateTimeFormat('en-US', { timeZone: s.timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(s.end));
const when = (s: NoticeShowing) => `${showingWhen(s.start, s.timeZone)} – ${endTime(s)}`;
const agentName = (c: NoticeContext) => (c.agent ? oneLine(c.agent.name) || c.agent.email : 'your agent');

/** The event's UID: one per showing, whatever version or host sends it. */
export const showingUid = (showingId: string, baseUrl: string): string => `showing-${showingId}@${new URL(baseUrl).hostname}`;

function calendar(c: NoticeContext, method: 'REQUEST' | 'CANCEL'): MailAttachment {
  const s = c.showing;
  const content = showingCalendar({
    method,
    uid: showingUid(s.showingId, c.baseUrl),
    sequence: s.sequence,
    stamp: c.now,
    start: s.start,
    end: s.end,
    timeZone: s.timeZone,
    summary: `Showing: ${oneLine(s.address)}`,
    location: oneLine(s.address),
    description: `Showing of ${oneLine(s.address)} with ${agentName(c)}.`,
    // A lead nobody holds is still invited by the office's address: the organizer must be someone.
    organizer: c.agent ?? { name: 'Porchlight', email: `showings@${new URL(c.baseUrl).hostname}` },
    attendee: c.lead,
  });
  return { filename: method === 'CANCEL' ? 'cancelled-showing.ics' : 'showing.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}

/** Plain text and the same as escaped HTML paragraphs: nothing anyone typed becomes markup. */
function body(paragraphs: readonly string[]): { text: string; html: string } {
  return {
    text: paragraphs.join('\n\n'),
    html: html`<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827;margin:0;padding:16px">${paragraphs.map(
      (p) => html`<p style="margin:0 0 12px;white-space:pre-wrap">${p}</p>`,
    )}</body></html>`.text,
  };
}

/** Replies reach the agent (the sender stays the product's address). */
const replyTo = (c: NoticeContext): { replyTo?: string } => (c.agent ? { replyTo: c.agent.email } : {});

/**
 * The office proposes a time (a showing of its own, or another time than the lead asked for):
 * the lead accepts it with the signed link (`acceptUrl`, no sign-in), in their organizer, or
 * answers the agent by replying.
 */
export function proposalMail(c: NoticeContext, acceptUrl: string): MailMessage {
  const s = c.showing;
  const where = oneLine(s.address);
  return {
    to: c.lead.email,
    subject: `Proposed showing: ${where}, ${showingWhen(s.start, s.timeZone)}`,
    ...body([
      `Hello ${firstName(c.lead.name)},`,
      `${agentName(c)} proposes a time for your showing:`,
      `${where}\n${when(s)}`,
      `Does it suit you? Accept this time: ${acceptUrl}`,
      `Another time would be better? Reply to this e-mail to reach ${agentName(c)}, or answer in your organizer: ${c.baseUrl}/organizer`,
    ]),
    ...replyTo(c),
  };
}

/** The lead's invitation (METHOD:REQUEST): a confirmation, or the new time of a showing moved after one. */
export function invitationMail(c: NoticeContext, moved: boolean): MailMessage {
  const s = c.showing;
  const where = oneLine(s.address);
  return {
    to: c.lead.email,
    subject: `${moved ? 'Showing moved' : 'Showing confirmed'}: ${where}, ${showingWhen(s.start, s.timeZone)}`,
    ...body([
      `Hello ${firstName(c.lead.name)},`,
      moved ? 'Your showing has a new time:' : 'Your showing is confirmed:',
      `${where}\n${when(s)}\nwith ${agentName(c)}`,
      'The invitation is attached: open it to put the showing in your calendar.',
      `Questions, or a change of plans? Reply to this e-mail to reach ${agentName(c)}.`,
    ]),
    ...replyTo(c),
    attachments: [calendar(c, 'REQUEST')],
  };
}

/**
 * A cancellation, to the lead and to the agent, with METHOD:CANCEL when the lead had been sent
 * an invitation (so calendars that took it drop it).
 */
export function cancellationMail(c: NoticeContext, to: 'lead' | 'agent', invited: boolean): MailMessage {
  const s = c.showing;
  const where = oneLine(s.address);
  const forAgent = to === 'agent' && c.agent !== null;
  const text = forAgent
    ? body([
        c.byLead
          ? `${oneLine(c.lead.name)} cancelled the showing of ${where} on ${when(s)}.`
          : `The showing of ${where} with ${oneLine(c.lead.name)} on ${when(s)} is cancelled.`,
        `The lead: ${c.baseUrl}/dashboard?lead=${encodeURIComponent(s.leadId)}`,
      ])
    : body([
        `Hello ${firstName(c.lead.name)},`,
        `Your showing of ${where} on ${when(s)} is cancelled.`,
        `To find another time, reply to this e-mail to reach ${agentName(c)}.`,
      ]);
  return {
    to: forAgent ? c.agent!.email : c.lead.email,
    subject: `Showing cancelled: ${where}, ${showingWhen(s.start, s.timeZone)}${forAgent ? ` (${oneLine(c.lead.name)})` : ''}`,
    ...text,
    ...(forAgent ? {} : replyTo(c)),
    ...(invited ? { attachments: [calendar(c, 'CANCEL')] } : {}),
  };
}

/** The day-before reminder by e-mail. */
export function reminderMail(c: NoticeContext): MailMessage {
  const s = c.showing;
  const where = oneLine(s.address);
  return {
    to: c.lead.email,
    subject: `Reminder: your showing tomorrow — ${where}`,
    ...body([
      `Hello ${firstName(c.lead.name)},`,
      'A reminder of your showing tomorrow:',
      `${where}\n${when(s)}\nwith ${agentName(c)}`,
      `Running late or can't make it? Reply to this e-mail to reach ${agentName(c)}.`,
    ]),
    ...replyTo(c),
  };
}

/** The reminder by text (to a lead who allows texts and has a cell phone): it may wait for the lead's morning, so it names the day, not "tomorrow". */
export function reminderText(c: NoticeContext): string {
  const s = c.showing;
  return `Reminder: your showing of ${oneLine(s.address)} is on ${showingWhen(s.start, s.timeZone)}, with ${agentName(c)}. Reply STOP to opt out.`;
}
