import { createHash } from 'node:crypto';
import { assertNever } from '../../shared/errors';
import { type LeadEvent } from './leads.events';
import { NEW_STAGE } from '../office/office.events';

export type Lead =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly leadId: string;
      readonly userId: string;
      readonly siteId: string;
      readonly fullName: string;
      readonly listingPdid: string | null;
      /** The agent whose page the first inquiry came from, if any (routing sends the lead there). */
      readonly requestedAgentId: string | null;
      readonly inquiries: number;
      /** Null until the router assigns it, and while it is in the office's pond. */
      readonly agentId: string | null;
      readonly officeId: string | null;
      readonly stage: string;
      /** When an agent first contacted the lead (LeadFirstContacted), null until then. */
      readonly firstContactAt: string | null;
      readonly tags: readonly string[];
      readonly email: string;
      readonly phone: string | null;
      readonly inPond: boolean;
    };

export const initialLead = (): Lead => ({ exists: false });

export function evolveLead(state: Lead, event: LeadEvent): Lead {
  if (event.type === 'LeadCaptured') {
    const d = event.data;
    return {
      exists: true,
      leadId: d.leadId,
      userId: d.userId,
      siteId: d.siteId,
      fullName: d.fullName,
      listingPdid: d.listingPdid,
      requestedAgentId: d.requestedAgentId ?? null,
      inquiries: 0,
      agentId: null,
      officeId: null,
      stage: NEW_STAGE,
      firstContactAt: null,
      tags: [],
      email: d.email,
      phone: d.phone,
      inPond: false,
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'InquirySubmitted':
      return { ...state, inquiries: state.inquiries + 1 };
    case 'LeadAssigned':
    case 'LeadReassigned':
      return { ...state, agentId: event.data.agentId, officeId: event.data.officeId, inPond: false };
    case 'LeadStageChanged':
      return { ...state, stage: event.data.stage };
    case 'LeadFirstContacted':
      return { ...state, firstContactAt: state.firstContactAt ?? event.data.at };
    case 'LeadTagsChanged':
      return { ...state, tags: event.data.tags };
    case 'LeadContactEdited':
      return { ...state, fullName: event.data.fullName, email: event.data.email, phone: event.data.phone };
    case 'LeadPutInPond':
      return { ...state, agentId: null, officeId: event.data.officeId, inPond: true };
    case 'LeadClaimed':
      return { ...state, agentId: event.data.agentId, officeId: event.data.officeId, inPond: false };
    default:
      return assertNever(event);
  }
}

/**
 * Who answers the lead's chat: its agent, or, while it waits in the office's pond for an agent to
 * claim it, the office's broker. Null only for the moments before routing assigns the lead.
 */
export const chatAnswererOf = (lead: Extract<Lead, { exists: true }>): string | null => lead.agentId ?? (lead.inPond ? lead.officeId : null);

export const leadStream = (leadId: string) => `lead-${leadId}`;

/**
 * One lead per user and site, with an id derived from both (a name-based uuid), so that the
 * lead's stream is known without a lookup and a user's second inquiry on a site joins it.
 */
export function leadIdFor(userId: string, siteId: string): string {
  const h = createHash('sha256').update(`porchlight lead:${userId}:${siteId}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** 'direct', the src, or the referring host. */
export function sourceLabel(ft: { src: string | null; referrer: string | null }): string {
  if (ft.src) return ft.src;
  if (ft.referrer) {
    try {
      return new URL(ft.referrer).hostname;
    } catch {
      return 'referral';
    }
  }
  return 'direct';
}
