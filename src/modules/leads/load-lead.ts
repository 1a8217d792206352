import { fold } from '../../commands/decider';
import type { EventStore } from '../../eventstore/event-store.port';
import { evolveLead, initialLead, type Lead, leadStream } from './lead';
import type { LeadEvent } from './leads.events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isLeadId = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

/** The lead as its stream says now (never stale), with the revision read. */
export async function loadLead(store: EventStore, leadId: string): Promise<{ lead: Lead; revision: bigint | undefined }> {
  if (!isLeadId(leadId)) return { lead: initialLead(), revision: undefined };
  const events = await store.readStream(leadStream(leadId));
  return { lead: fold({ initialState: initialLead, evolve: evolveLead }, events as unknown as LeadEvent[]), revision: events.at(-1)?.streamPosition };
}
