import { createHash } from 'node:crypto';
import { assertNever } from '../../shared/errors';
import type { LeadEvent } from './leads.events';

export type Lead =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly leadId: string;
      readonly userId: string;
      readonly siteId: string;
      readonly fullName: string;
      readonly listingPdid: string | null;
      readonly inquiries: number;
      /** Null until the router assigns it. */
      readonly agentId: string | null;
      readonly brokerId: string | null;
    };

export const initialLead = (): Lead => ({ exists: false });

export function evolveLead(state: Lead, event: LeadEvent): Lead {
  switch (event.type) {
    case 'LeadCaptured': {
      const d = event.data;
      return { exists: true, leadId: d.leadId, userId: d.userId, siteId: d.siteId, fullName: d.fullName, listingPdid: d.listingPdid, inquiries: 0, agentId: null, brokerId: null };
    }
    case 'InquirySubmitted':
      return state.exists ? { ...state, inquiries: state.inquiries + 1 } : state;
    case 'LeadAssigned':
    case 'LeadReassigned':
      return state.exists ? { ...state, agentId: event.data.agentId, brokerId: event.data.brokerId } : state;
    default:
      return assertNever(event);
  }
}

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
