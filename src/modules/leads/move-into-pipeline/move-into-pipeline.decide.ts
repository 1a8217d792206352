import type { Decider } from '../../../commands/decider';
import { evolveLead, initialLead, type Lead } from '../lead';
import { type LeadEvent } from '../leads.events';
import { type Pipeline, stageTarget } from '../../office/office.events';

/** The office's pipeline as it is now (the stage mover reads it from the office stream). */
export type MoveIntoPipeline = { readonly pipeline: Pipeline };

/**
 * A lead whose stage left its office's pipeline (renamed, or removed with a destination) goes
 * where the broker sent that stage's leads; a new lead where 'New' is gone goes to the first
 * stage. By the system (byUserId null). A lead already in a stage of the pipeline, or one with
 * nowhere to go, stays: so running this again, or late, changes nothing.
 */
export function decideMoveIntoPipeline(c: MoveIntoPipeline, state: Lead): LeadEvent[] {
  if (!state.exists) return [];
  const to = stageTarget(state.stage, c.pipeline);
  if (to === null || to === state.stage) return [];
  return [{ type: 'LeadStageChanged', data: { leadId: state.leadId, siteId: state.siteId, stage: to, fromStage: state.stage, byUserId: null } }];
}

export const moveIntoPipelineDecider: Decider<Lead, MoveIntoPipeline, LeadEvent> = {
  initialState: initialLead,
  evolve: evolveLead,
  decide: decideMoveIntoPipeline,
};
