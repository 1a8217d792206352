import type { Decider } from '../../../commands/decider';
import { decideChangeStage } from '../change-stage/change-stage.decide';
import { decideEditContact, type EditContact } from '../edit-contact/edit-contact.decide';
import { evolveLead, initialLead, type Lead } from '../lead';
import type { LeadEvent } from '../leads.events';
import type { Pipeline } from '../../office/office.events';
import { decideReassignLead } from '../reassign-lead/reassign-lead.decide';
import { decideTagLead } from '../tag-lead/tag-lead.decide';

/**
 * PATCH /api/dashboard/leads/{leadId}: any of a new agent (the caller checked that the viewer
 * may reassign and that the agent is of the lead's office), a stage of the office's pipeline,
 * the tags, and the contact fields; all decided on one state and appended at once.
 */
export type PatchLead = {
  readonly leadId: string;
  readonly byUserId: string;
  readonly pipeline: Pipeline;
  readonly assignedAgentId?: string;
  readonly stage?: string;
  readonly tags?: readonly string[];
  readonly contact?: Omit<EditContact, 'byUserId'>;
};

/** Each part decides on the state the parts before it left; a refusal of any refuses the whole. */
export function decidePatchLead(c: PatchLead, state: Lead): LeadEvent[] {
  const parts: ((s: Lead) => LeadEvent[])[] = [];
  if (c.assignedAgentId !== undefined) parts.push((s) => decideReassignLead({ leadId: c.leadId, agentId: c.assignedAgentId!, byUserId: c.byUserId }, s));
  if (c.stage !== undefined) parts.push((s) => decideChangeStage({ stage: c.stage!, pipeline: c.pipeline, byUserId: c.byUserId }, s));
  if (c.tags !== undefined) parts.push((s) => decideTagLead({ tags: c.tags!, byUserId: c.byUserId }, s));
  if (c.contact !== undefined) parts.push((s) => decideEditContact({ ...c.contact, byUserId: c.byUserId }, s));
  const out: LeadEvent[] = [];
  let s = state;
  for (const part of parts) {
    const events = part(s);
    out.push(...events);
    s = events.reduce(evolveLead, s);
  }
  return out;
}

export const patchLeadDecider: Decider<Lead, PatchLead, LeadEvent> = { initialState: initialLead, evolve: evolveLead, decide: decidePatchLead };
