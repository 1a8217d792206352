import type { ConsentChannel } from '../../src/modules/accounts/accounts.events';
import { callSummary } from '../../src/contract/calls';
import { showingWhen } from '../../src/contract/showings';
import type { CallOutcome } from '../../src/modules/conversation/conversation.events';
import type { ContactChannel, LeadPutInPond } from '../../src/modules/leads/leads.events';

/** One line per timeline entry, plain text (the dashboard never renders it as HTML). */
const MAX = 160;
export const clip = (text: string, max = MAX): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

/**
 * Where a summary names a home. The entry keeps the listing's pdid beside the summary and the
 * home's address goes in when the timeline is read (this read model does not know addresses);
 * what is pushed live says 'a home' until then. Always before any text a person wrote.
 */
export const HOME = '{home}';
/** A home the search index no longer shows (sold long ago, withdrawn, or its address hidden by its MLS). */
export const UNKNOWN_HOME = 'a home no longer listed';

/** The summary with the home's address (or what stands for it) in place of HOME, clipped again. */
export const withHome = (summary: string, home: string): string => (summary.includes(HOME) ? clip(summary.replace(HOME, home)) : summary);

/** Why a held showing reminder never went, as the timeline ends its line. */
const WITHDRAWN: Record<'moved' | 'cancelled' | 'begun', string> = {
  moved: 'withdrawn: the showing moved',
  cancelled: 'withdrawn: the showing was cancelled',
  begun: 'not sent: the showing had begun',
};

/** What the timeline calls an outbox's e-mail when the relay reports on it. */
const MAIL_OF: Readonly<Record<string, string>> = { 'showing-notices': 'Showing notice e-mail' };

const CHANNEL: Record<ConsentChannel, string> = {
  email: 'E-mail',
  text: 'Text messages',
  propertyAlerts: 'Property alerts',
  propertyUpdates: 'Property updates',
};

const RULE: Record<string, string> = {
  'own-site': 'own site',
  'listing-agent': 'listing agent',
  'round-robin': 'round robin',
  'owner-fallback': 'no active agent: the site owner',
  'agent-page': "the agent's page",
  manual: 'whoever added or imported the lead',
  'lead-flow': "the lead flow for the lead's source",
};

const VIA: Record<ContactChannel, string> = { call: 'call', text: 'text message', email: 'e-mail', chat: 'chat', stage: 'stage change' };

const money = (n: number | null) => (n === null ? '' : ` ($${Math.round(n).toLocaleString('en-US')})`);

/** 'Buyer inquiry', and never 'Inquiry inquiry' (a lead type that already says it). */
export const inquiryName = (leadType: string): string => (/\binquiry$/i.test(leadType.trim()) ? leadType.trim() : `${leadType.trim()} inquiry`);

export const summaries = {
  captured: (leadType: string, source: string) => (leadType === 'Registration' ? `Signed up from ${source}` : `New lead from ${source}`),
  inquiry: (leadType: string, pdid: string | null, message: string) =>
    clip(`${leadType === 'Registration' ? 'Sign-up' : inquiryName(leadType)}${pdid ? ` about ${HOME}` : ''}${message.trim() ? `: ${message}` : ''}`),
  assigned: (rule: string) => `Assigned by ${RULE[rule] ?? rule}`,
  reassigned: () => 'Reassigned to another agent',
  merged: () => 'A duplicate lead of the same person joined this one: its history shows here',
  viewed: (address: string | null, price: number | null) => clip(`Viewed ${address ?? HOME}${money(price)}`),
  searched: (title: string) => clip(title ? `Searched: ${title}` : 'Searched for homes'),
  chat: (fromLead: boolean, text: string) => clip(`${fromLead ? 'Chat from the lead' : 'Chat to the lead'}: ${text}`),
  text: (kind: 'text' | 'video', body: string) => clip(`${kind === 'video' ? 'Video message' : 'Text message'} sent: ${body}`),
  consent: (channel: ConsentChannel, granted: boolean, how: string) => `${CHANNEL[channel]} turned ${granted ? 'on' : 'off'} (${how.replace(/-/g, ' ')})`,
  consentUnclear: (channel: 'text' | 'email') =>
    `The lead's ${channel === 'text' ? 'text' : 'e-mail'} may ask not to be contacted: confirm it to turn ${CHANNEL[channel]} off`,
  textHeld: (reason: 'quiet-hours' | 'daily-limit', localUntil: string) =>
    `Automated text held for ${reason === 'quiet-hours' ? 'quiet hours' : "the office's daily limit"} until ${localUntil} (the lead's time)`,
  reminderWithdrawn: (d: { reason: 'moved' | 'cancelled' | 'begun'; showingAt: string; zone: string }) =>
    `Reminder for the showing on ${showingWhen(d.showingAt, d.zone)} ${WITHDRAWN[d.reason]}`,
  mailReport: (outbox: string, d: { outcome: 'delivered' | 'bounced' | 'complained' | 'temporary'; reason: string; code: number | null }) =>
    clip(
      `${MAIL_OF[outbox] ?? 'E-mail'} ${d.outcome === 'delivered' ? 'delivered' : d.outcome === 'complained' ? 'marked as spam' : `bounced: ${d.reason}${d.code ? ` (code ${d.code})` : ''}`}`,
    ),
  textSkipped: (errorCode: number) => `Automated text not sent: the lead's number cannot take texts (carrier error ${errorCode})`,
  cellPhone: (cell: string | null) => (cell ? 'Cell phone changed' : 'Cell phone removed'),
  stage: (fromStage: string, stage: string, byUserId: string | null) => clip(`Moved from ${fromStage} to ${stage}${byUserId ? '' : ' (automatically)'}`),
  firstContact: (via: ContactChannel) => `First contact (${VIA[via]})`,
  tags: (tags: readonly string[]) => clip(tags.length ? `Tags: ${tags.join(', ')}` : 'Tags removed'),
  contactEdited: () => 'Contact details edited',
  pond: (reason: LeadPutInPond['data']['reason']) => (reason === 'not-contacted' ? 'Put in the office pond: not contacted in time' : 'Put in the office pond'),
  claimed: () => 'Claimed from the office pond',
  note: (authorName: string) => clip(`Note added by ${authorName}`),
  /** 'Call logged: connected (4:05)', then what the agent noted about it. */
  call: (outcome: CallOutcome, durationSeconds: number | null, notes: string) =>
    clip(`${callSummary(outcome, durationSeconds)}${notes.trim() ? ` — ${notes}` : ''}`),
};
