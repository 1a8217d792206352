import { conflict } from '../../../shared/errors';
import type { Lead } from '../lead';
import type { LeadEvent } from '../leads.events';
import { leadCaptured } from '../submit-inquiry/submit-inquiry.decide';

/** A lead placed by hand is decided by no rule set: version 0 (the router's leads carry their office's version in force). */
const MANUAL_RULE_VERSION = 0;

/** A lead added by an agent's hand (source "manual") or by an import (source "import"), already validated. */
export type AddLead = {
  readonly leadId: string;
  readonly userId: string;
  readonly siteId: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string;
  readonly leadType: string;
  /** The inquiry's message with its detail blocks (composeInquiryMessage); empty: no inquiry to record. */
  readonly message: string;
  readonly listingPdid: string | null;
  readonly via: 'manual' | 'import';
  /** When it was added (the command's time): the lead's first touch. */
  readonly at: string;
  /** Who gets it: the agent who added it, or the agent a broker chose. */
  readonly agentId: string;
  readonly officeId: string | null;
  readonly byUserId: string;
  readonly tags: readonly string[];
};

/**
 * The lead as an inquiry would capture it (LeadCaptured, and InquirySubmitted when there is
 * something the person asked), its first touch naming how it came (so its source reads
 * "manual" or "import"), assigned at once to the agent chosen (rule "manual": the router leaves
 * an assigned lead alone) and tagged. One lead per person and site: a lead there already is the
 * inquiry's conflict, 'Email already in use'.
 */
export function decideAddLead(c: AddLead, state: Lead): LeadEvent[] {
  if (state.exists) throw conflict('Email already in use');
  const firstTouch = { src: c.via, referrer: null, at: c.at };
  const inquiry = {
    leadId: c.leadId,
    userId: c.userId,
    siteId: c.siteId,
    listingPdid: c.listingPdid,
    leadType: c.leadType,
    fullName: c.fullName,
    email: c.email,
    phone: c.phone,
    message: c.message,
    resumeUrl: null,
    firstTouch,
  };
  const events: LeadEvent[] = [leadCaptured(inquiry)];
  if (c.message.trim()) events.push({ type: 'InquirySubmitted', data: { ...inquiry, source: c.via } });
  events.push({
    type: 'LeadAssigned',
    data: { leadId: c.leadId, siteId: c.siteId, agentId: c.agentId, officeId: c.officeId, rule: 'manual', ruleVersion: MANUAL_RULE_VERSION },
  });
  if (c.tags.length) events.push({ type: 'LeadTagsChanged', data: { leadId: c.leadId, siteId: c.siteId, tags: [...c.tags], byUserId: c.byUserId } });
  return events;
}
