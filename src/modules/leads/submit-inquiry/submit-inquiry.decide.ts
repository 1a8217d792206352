import type { Decider } from '../../../commands/decider';
import { evolveLead, initialLead, type Lead } from '../lead';
import type { FirstTouch, LeadEvent } from '../leads.events';
import { sourceLabel } from '../lead';

export type SubmitInquiry = {
  readonly leadId: string;
  readonly userId: string;
  readonly siteId: string;
  readonly listingPdid: string | null;
  readonly leadType: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string;
  readonly message: string;
  readonly resumeUrl: string | null;
  readonly firstTouch: FirstTouch;
};

/** The first inquiry on a site captures the lead; every inquiry is recorded on the lead's stream. */
export function decideSubmitInquiry(c: SubmitInquiry, state: Lead): LeadEvent[] {
  const source = sourceLabel(c.firstTouch);
  const events: LeadEvent[] = [];
  if (!state.exists) {
    events.push({
      type: 'LeadCaptured',
      data: {
        leadId: c.leadId,
        userId: c.userId,
        siteId: c.siteId,
        fullName: c.fullName,
        email: c.email,
        phone: c.phone,
        leadType: c.leadType,
        source,
        firstTouch: c.firstTouch,
        listingPdid: c.listingPdid,
      },
    });
  }
  events.push({ type: 'InquirySubmitted', data: { ...c, source } });
  return events;
}

export type CaptureSignUp = Omit<SubmitInquiry, 'message' | 'resumeUrl' | 'listingPdid' | 'leadType' | 'phone'> & { readonly phone: string | null };

/** A sign-up (social) on a site captures the lead, without an inquiry. */
export function decideCaptureSignUp(c: CaptureSignUp, state: Lead): LeadEvent[] {
  if (state.exists) return [];
  return [
    {
      type: 'LeadCaptured',
      data: { ...c, leadType: 'Registration', source: sourceLabel(c.firstTouch), listingPdid: null },
    },
  ];
}

export const submitInquiryDecider: Decider<Lead, SubmitInquiry, LeadEvent> = {
  initialState: initialLead,
  evolve: evolveLead,
  decide: decideSubmitInquiry,
};
