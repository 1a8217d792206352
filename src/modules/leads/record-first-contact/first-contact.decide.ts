import type { Decider } from '../../../commands/decider';
import { evolveLead, initialLead, type Lead } from '../lead';
import { ATTEMPTED_CONTACT_STAGE, type Pipeline, stageTarget } from '../../office/office.events';
import { type ContactChannel, type LeadEvent } from '../leads.events';

/**
 * Someone of the office did something to the lead (`via`: a text, a chat message, a stage
 * change; calls and e-mails join with issue 16) at `at`, the time of that action.
 */
export type RecordFirstContact = { readonly via: ContactChannel; readonly byUserId: string; readonly at: string; readonly pipeline: Pipeline };

/**
 * The first such action is the lead's first contact (once per lead: later ones, and anything the
 * lead does itself, append nothing). A lead still in the pipeline's first stage ('New') moves on
 * to 'Attempted contact' (or what the broker renamed it to) by the system — unless the action was
 * the agent choosing a stage, which stands.
 */
export function decideFirstContact(c: RecordFirstContact, state: Lead): LeadEvent[] {
  if (!state.exists || state.firstContactAt !== null || c.byUserId === state.userId) return [];
  const events: LeadEvent[] = [
    { type: 'LeadFirstContacted', data: { leadId: state.leadId, siteId: state.siteId, byUserId: c.byUserId, via: c.via, at: c.at } },
  ];
  const entry = c.pipeline.stages[0];
  const attempted = stageTarget(ATTEMPTED_CONTACT_STAGE, c.pipeline);
  if (c.via !== 'stage' && entry !== undefined && stageTarget(state.stage, c.pipeline) === entry && attempted !== null && attempted !== entry) {
    events.push({ type: 'LeadStageChanged', data: { leadId: state.leadId, siteId: state.siteId, stage: attempted, fromStage: state.stage, byUserId: null } });
  }
  return events;
}

export const firstContactDecider: Decider<Lead, RecordFirstContact, LeadEvent> = { initialState: initialLead, evolve: evolveLead, decide: decideFirstContact };
