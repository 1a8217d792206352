import type { Decider } from '../../../commands/decider';
import { conflict, notFound } from '../../../shared/errors';
import { evolveLead, initialLead, type Lead } from '../lead';
import type { LeadEvent } from '../leads.events';

/** The lead as a claim sees it: its state, and whether it has ever been in its office's pond. */
export type ClaimState = { readonly lead: Lead; readonly wasInPond: boolean };

export const initialClaimState = (): ClaimState => ({ lead: initialLead(), wasInPond: false });
export const evolveClaimState = (s: ClaimState, e: LeadEvent): ClaimState => ({
  lead: evolveLead(s.lead, e),
  wasInPond: s.wasInPond || e.type === 'LeadPutInPond',
});

/** `officeId`: the claimer's office as their account says (an agent's broker, a broker's own id). */
export type ClaimLead = { readonly leadId: string; readonly agentId: string; readonly officeId: string | null };

export const CLAIM_MESSAGES = {
  /** The decider's refusal; the route names the winner in the answer (see claim-lead.http.ts). */
  taken: 'Another agent claimed this lead first',
  staff: 'Only an agent of the office can claim a lead from its pond',
} as const;

/**
 * First to claim wins: a pond lead of the claimer's office becomes theirs (LeadClaimed). The
 * handler appends with the revision it read, so of claims made at once exactly one is appended;
 * the others decide again on the claimed lead and are refused (409). Claiming a lead one already
 * holds is a retry and appends nothing. Another office's lead, or one of the office that was
 * never in the pond (someone's own lead), is not found, as the read side would say.
 */
export function decideClaimLead(c: ClaimLead, s: ClaimState): LeadEvent[] {
  const lead = s.lead;
  if (!lead.exists || c.officeId === null || lead.officeId !== c.officeId) throw notFound();
  if (lead.agentId === c.agentId && !lead.inPond) return [];
  if (!lead.inPond) {
    if (s.wasInPond) throw conflict(CLAIM_MESSAGES.taken);
    throw notFound();
  }
  return [{ type: 'LeadClaimed', data: { leadId: lead.leadId, siteId: lead.siteId, agentId: c.agentId, officeId: c.officeId } }];
}

export const claimLeadDecider: Decider<ClaimState, ClaimLead, LeadEvent> = {
  initialState: initialClaimState,
  evolve: evolveClaimState,
  decide: decideClaimLead,
};
