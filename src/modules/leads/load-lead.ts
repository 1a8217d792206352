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

/** Several leads as their streams say now, in one read (a process manager's tick): every id asked for is in the answer, a lead not found as `exists: false`. */
export async function loadLeads(store: EventStore, leadIds: readonly string[]): Promise<Map<string, Lead>> {
  const ids = [...new Set(leadIds)].filter(isLeadId);
  const streams = await store.readStreams(ids.map(leadStream));
  const leads = new Map<string, Lead>(leadIds.map((id) => [id, initialLead()]));
  for (const id of ids) leads.set(id, fold({ initialState: initialLead, evolve: evolveLead }, (streams.get(leadStream(id)) ?? []) as unknown as LeadEvent[]));
  return leads;
}
