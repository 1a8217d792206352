import type { Decider } from '../../../commands/decider';
import { notFound, validation } from '../../../shared/errors';
import { evolveLead, initialLead, type Lead } from '../lead';
import type { LeadEvent } from '../leads.events';
import type { Pipeline } from '../../office/office.events';
import { stageIn } from '../../office';

export const unknownStageMessage = (stage: string) => `"${stage}" is not a stage of this office's pipeline`;

/** Someone who may work the lead moves it to a stage of its office's pipeline (named without regard to case). */
export type ChangeStage = { readonly stage: string; readonly pipeline: Pipeline; readonly byUserId: string };

/** Moving a lead to the stage it is in appends nothing. */
export function decideChangeStage(c: ChangeStage, state: Lead): LeadEvent[] {
  if (!state.exists) throw notFound();
  const stage = stageIn(c.pipeline.stages, c.stage);
  if (stage === null) throw validation(unknownStageMessage(c.stage.trim()));
  if (stage === state.stage) return [];
  return [{ type: 'LeadStageChanged', data: { leadId: state.leadId, siteId: state.siteId, stage, fromStage: state.stage, byUserId: c.byUserId } }];
}

export const changeStageDecider: Decider<Lead, ChangeStage, LeadEvent> = { initialState: initialLead, evolve: evolveLead, decide: decideChangeStage };
