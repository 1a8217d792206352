import { fold } from '../../../commands/decider';
import type { EventStore } from '../../../eventstore/event-store.port';
import type { StoredEvent } from '../../../shared/event';
import { evolveLeadFlow, initialLeadFlow, type LeadFlow, type LeadFlowEvent, leadFlowStream } from '../../integrations/integrations.events';

/** Before `at` in the log (its transaction, then its position), as routing rules are taken at a lead's capture. */
const before = (e: StoredEvent, at: Pick<StoredEvent, 'transactionId' | 'globalPosition'>) =>
  e.transactionId < at.transactionId || (e.transactionId === at.transactionId && e.globalPosition < at.globalPosition);

/** The office's lead flow in force when a lead came in (its LeadCaptured): a later change does not reach back. */
export async function leadFlowAt(store: EventStore, officeId: string, at: Pick<StoredEvent, 'transactionId' | 'globalPosition'>): Promise<LeadFlow> {
  const events = (await store.readStream(leadFlowStream(officeId))).filter((e) => before(e, at));
  return fold({ initialState: initialLeadFlow, evolve: evolveLeadFlow }, events as unknown as LeadFlowEvent[]);
}
