import type { Decider } from '../../../commands/decider';
import { evolveLead, initialLead, type Lead, sourceLabel } from '../lead';
import type { InquirySubmitted, LeadCaptured, LeadEvent } from '../leads.events';

/** An inquiry as decided on: the event's data but its source label, which decide derives. */
export type SubmitInquiry = Omit<InquirySubmitted['data'], 'source'>;

/** The first inquiry on a site captures the lead; every inquiry is recorded on the lead's stream. */
export function decideSubmitInquiry(c: SubmitInquiry, state: Lead): LeadEvent[] {
  const source = sourceLabel(c.firstTouch);
  const events: LeadEvent[] = [];
  if (!state.exists) events.push(leadCaptured(c));
  events.push({ type: 'InquirySubmitted', data: { ...c, source } });
  return events;
}

/** The capture of a lead by its first inquiry (also by an agent's hand or an import, whose first touch says so). */
export function leadCaptured(c: SubmitInquiry): LeadCaptured {
  const { leadId, userId, siteId, fullName, email, phone, leadType, firstTouch, listingPdid, requestedAgentId } = c;
  return {
    type: 'LeadCaptured',
    data: {
      leadId,
      userId,
      siteId,
      fullName,
      email,
      phone,
      leadType,
      source: sourceLabel(firstTouch),
      firstTouch,
      listingPdid,
      ...(requestedAgentId ? { requestedAgentId } : {}),
    },
  };
}

export type CaptureSignUp = Omit<SubmitInquiry, 'message' | 'resumeUrl' | 'listingPdid' | 'leadType' | 'phone' | 'requestedAgentId'> & {
  readonly phone: string | null;
};

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
