import type { CommandContext } from '../../../commands/command-context';
import type { EventStore } from '../../../eventstore/event-store.port';
import { notFound } from '../../../shared/errors';
import { mayView, type Viewer } from '../../../shared/viewer/viewer';
import { evolveLead, type Lead } from '../lead';
import { loadLead } from '../load-lead';
import { decideOnLead } from '../move-into-pipeline/lead-in-pipeline';
import { checkReassign } from '../reassign-lead/agent-of-office';
import { decidePatchLead, type PatchLead } from './patch-lead.decide';

export type PatchLeadInput = Omit<PatchLead, 'leadId' | 'byUserId' | 'pipeline'>;

/**
 * The PATCH's command handler: the lead must be the viewer's to see (else 404, as everywhere on
 * the dashboard), a new agent the viewer's to give; then stage (against the office's pipeline),
 * tags and contact are decided with it and appended to the lead's stream in one append.
 * Answers the lead as its stream now says.
 */
export async function patchLead(
  store: EventStore,
  viewer: Viewer,
  leadId: string,
  input: PatchLeadInput,
  ctx: CommandContext,
): Promise<Extract<Lead, { exists: true }>> {
  const { lead } = await loadLead(store, leadId);
  if (!lead.exists || !mayView(viewer, lead)) throw notFound();
  if (input.assignedAgentId !== undefined) await checkReassign(store, viewer, lead.officeId, input.assignedAgentId);
  const result = await decideOnLead(
    store,
    lead.leadId,
    (now, pipeline) => {
      // The lead may have moved between the check and this (re)load: the scope holds on what is appended to.
      if (!now.exists || !mayView(viewer, now)) throw notFound();
      return decidePatchLead({ ...input, leadId: lead.leadId, byUserId: viewer.userId, pipeline }, now);
    },
    () => ctx,
  );
  const after = result.events.reduce(evolveLead, result.lead);
  if (!after.exists) throw notFound();
  return after;
}
