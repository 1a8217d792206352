import type { PublicEventType } from '../../src/contract/public-events';
import type { LeadEmailReceived, LeadEmailSent, TextMessageReceived, TextMessageSent } from '../../src/modules/conversation/conversation.events';
import type { LeadEvent, LeadNoteEvent } from '../../src/modules/leads/leads.events';
import type { ShowingEvent } from '../../src/modules/showings/showings.events';

type PublicLeadEvent = Extract<
  LeadEvent,
  {
    type:
      | 'LeadCaptured'
      | 'LeadAssigned'
      | 'LeadReassigned'
      | 'LeadClaimed'
      | 'LeadPutInPond'
      | 'LeadStageChanged'
      | 'LeadTagsChanged'
      | 'LeadContactEdited'
      | 'InquirySubmitted';
  }
>;
export type Mapped =
  | PublicLeadEvent
  | Extract<LeadNoteEvent, { type: 'LeadNoteWritten' }>
  | TextMessageReceived
  | TextMessageSent
  | LeadEmailReceived
  | LeadEmailSent
  | ShowingEvent;
export const mappedTypes = [
  'LeadCaptured',
  'LeadAssigned',
  'LeadReassigned',
  'LeadClaimed',
  'LeadPutInPond',
  'LeadStageChanged',
  'LeadTagsChanged',
  'LeadContactEdited',
  'InquirySubmitted',
  'LeadNoteWritten',
  'TextMessageReceived',
  'TextMessageSent',
  'LeadEmailReceived',
  'LeadEmailSent',
  'ShowingProposed',
  'ShowingConfirmed',
  'ShowingRescheduled',
  'ShowingCancelled',
  'ShowingCompleted',
] as const;

export type PublicEvent = { readonly type: PublicEventType; readonly leadId: string; readonly data: Record<string, unknown> };

/**
 * The one mapping from what happened inside to what the brokerage's other tools are told: the
 * events feed of API v1 serves its output, and webhooks send exactly these.
 */
export function publicEventOf(e: Mapped): PublicEvent {
  const leadId = e.data.leadId;
  switch (e.type) {
    case 'LeadCaptured': {
      const d = e.data;
      return {
        type: 'lead.created',
        leadId,
        data: { leadId, fullName: d.fullName, emails: d.email ? [d.email] : [], phones: d.phone ? [d.phone] : [], type: d.leadType, source: d.source },
      };
    }
    case 'LeadAssigned':
    case 'LeadReassigned':
    case 'LeadClaimed':
      return { type: 'lead.assigned', leadId, data: { leadId, assignedAgentId: e.data.agentId, inPond: false } };
    case 'LeadPutInPond':
      return { type: 'lead.assigned', leadId, data: { leadId, assignedAgentId: null, inPond: true } };
    case 'LeadStageChanged':
      return { type: 'lead.stage_changed', leadId, data: { leadId, stage: e.data.stage, fromStage: e.data.fromStage } };
    case 'LeadTagsChanged':
      return { type: 'lead.updated', leadId, data: { leadId, tags: [...e.data.tags] } };
    case 'LeadContactEdited':
      return {
        type: 'lead.updated',
        leadId,
        data: { leadId, fullName: e.data.fullName, emails: e.data.email ? [e.data.email] : [], phones: e.data.phone ? [e.data.phone] : [] },
      };
    case 'LeadNoteWritten':
      return { type: 'note.created', leadId, data: { leadId, noteId: e.data.noteId, text: e.data.text, authorId: e.data.authorId } };
    case 'InquirySubmitted':
      return { type: 'message.received', leadId, data: { leadId, channel: 'inquiry', body: e.data.message, source: e.data.source } };
    case 'TextMessageReceived':
      return { type: 'message.received', leadId, data: { leadId, channel: 'text', messageId: e.data.messageId, body: e.data.body } };
    case 'LeadEmailReceived':
      return { type: 'message.received', leadId, data: { leadId, channel: 'email', messageId: e.data.messageId, subject: e.data.subject, body: e.data.body } };
    case 'TextMessageSent':
      return { type: 'message.sent', leadId, data: { leadId, channel: 'text', messageId: e.data.messageId, body: e.data.body, byUserId: e.data.byUserId } };
    case 'LeadEmailSent':
      return {
        type: 'message.sent',
        leadId,
        data: { leadId, channel: 'email', messageId: e.data.messageId, subject: e.data.subject, body: e.data.body, byUserId: e.data.byUserId },
      };
    case 'ShowingProposed':
    case 'ShowingConfirmed':
    case 'ShowingRescheduled':
    case 'ShowingCancelled':
    case 'ShowingCompleted':
      return { type: 'showing.changed', leadId, data: { leadId, showingId: e.data.showingId, status: SHOWING_STATUS[e.type] } };
  }
}

const SHOWING_STATUS = {
  ShowingProposed: 'proposed',
  ShowingConfirmed: 'confirmed',
  ShowingRescheduled: 'rescheduled',
  ShowingCancelled: 'cancelled',
  ShowingCompleted: 'completed',
} as const;
