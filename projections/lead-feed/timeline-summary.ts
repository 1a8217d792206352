import type { ConsentChannel } from '../../src/modules/accounts/accounts.events';
import type { ContactChannel, LeadPutInPond } from '../../src/modules/leads/leads.events';

/** One line per timeline entry, plain text (the dashboard never renders it as HTML). */
const MAX = 160;
export const clip = (text: string, max = MAX): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

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
  manual: 'whoever added or imported the lead',
};

const VIA: Record<ContactChannel, string> = { call: 'call', text: 'text message', email: 'e-mail', chat: 'chat', stage: 'stage change' };

const money = (n: number | null) => (n === null ? '' : ` ($${Math.round(n).toLocaleString('en-US')})`);

export const summaries = {
  captured: (leadType: string, source: string) => `Registered (${leadType}) from ${source}`,
  inquiry: (leadType: string, pdid: string | null, message: string) =>
    clip(`${leadType} inquiry${pdid ? ` about ${pdid}` : ''}${message.trim() ? `: ${message}` : ''}`),
  assigned: (rule: string) => `Assigned by ${RULE[rule] ?? rule}`,
  reassigned: () => 'Reassigned to another agent',
  viewed: (address: string | null, pdid: string, price: number | null) => clip(`Viewed ${address ?? pdid}${money(price)}`),
  searched: (title: string) => clip(`Searched ${title || 'homes'}`),
  chat: (fromLead: boolean, text: string) => clip(`${fromLead ? 'Chat from lead' : 'Chat to lead'}: ${text}`),
  text: (kind: 'text' | 'video', body: string) => clip(`${kind === 'video' ? 'Video message' : 'Text message'} sent: ${body}`),
  consent: (channel: ConsentChannel, granted: boolean, how: string) => `${CHANNEL[channel]} turned ${granted ? 'on' : 'off'} (${how.replace(/-/g, ' ')})`,
  cellPhone: (cell: string | null) => (cell ? 'Cell phone changed' : 'Cell phone removed'),
  stage: (stage: string, byUserId: string | null) => clip(`${byUserId ? 'Moved' : 'Moved automatically'} to ${stage}`),
  firstContact: (via: ContactChannel) => `First contact (${VIA[via]})`,
  tags: (tags: readonly string[]) => clip(tags.length ? `Tags: ${tags.join(', ')}` : 'Tags removed'),
  contactEdited: () => 'Contact details edited',
  pond: (reason: LeadPutInPond['data']['reason']) => (reason === 'not-contacted' ? 'Put in the office pond: not contacted in time' : 'Put in the office pond'),
  claimed: () => 'Claimed from the office pond',
  note: (authorName: string) => clip(`Note added by ${authorName}`),
};
