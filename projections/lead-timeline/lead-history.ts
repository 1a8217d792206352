import type { AccountEvent } from '../../src/modules/accounts/accounts.events';
import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import type { ChatEvent } from '../../src/modules/conversation/conversation.events';
import { type CallLogged, type LeadMessageEvent, leadMessageEventTypes } from '../../src/modules/conversation/conversation.events';
import type { ListingMailEvent } from '../../src/modules/listing-mail/listing-mail.events';
import { type LeadActivityEvent, leadActivityEventTypes, type LeadEvent, leadEventTypes, type LeadNoteWritten } from '../../src/modules/leads/leads.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import type { ShowingEvent } from '../../src/modules/showings/showings.events';
import { listingMailTimelineTypes } from './listing-mail-timeline';
import { type OrganizerTimelineEvent, organizerTimelineTypes } from './organizer-timeline';
import { showingTimelineTypes } from './showing-timeline';

/**
 * What happens to a lead and what the lead does, as both dashboard read models follow it: the
 * timeline says each in a line, the lead list keeps the lead's holder, stage and recency by them.
 * Merges and erasure too: both keep rows per lead.
 */
export type LeadHistoryEvent =
  | LeadEvent
  | LeadActivityEvent
  | LeadMessageEvent
  | LeadNoteWritten
  | CallLogged
  | Extract<ChatEvent, { type: 'ChatMessageSent' }>
  | Extract<AccountEvent, { type: 'ConsentChanged' | 'CellPhoneChanged' }>
  | OrganizerTimelineEvent
  | ListingMailEvent
  | ShowingEvent
  | AccountsMerged
  | AccountsUnmerged
  | PersonErased;

/** The types of LeadHistoryEvent: the events files' lists, named once there. */
export const leadHistoryTypes = [
  ...leadEventTypes,
  ...leadActivityEventTypes,
  ...leadMessageEventTypes,
  'LeadNoteWritten',
  'CallLogged',
  'ChatMessageSent',
  'ConsentChanged',
  'CellPhoneChanged',
  ...organizerTimelineTypes,
  ...listingMailTimelineTypes,
  ...showingTimelineTypes,
  'AccountsMerged',
  'AccountsUnmerged',
  'PersonErased',
] as const;
