import type pg from 'pg';
import { rosterFor } from '../../../projections/lead-routing';
import { fold } from '../../commands/decider';
import type { EventStore } from '../../eventstore/event-store.port';
import { type AgentProfileEvent, agentProfileStream } from './office.events';
import { agentProfileDecider } from './agent-profile';

/**
 * Who in the office (its broker and agents) has this MLS id in force, from their profile streams
 * (never stale: two ids set one after the other are both seen); null when nobody does. The
 * office's people come from the lead-routing roster.
 */
export async function mlsIdHolderInOffice(store: EventStore, pool: pg.Pool, officeId: string, mlsId: string): Promise<string | null> {
  const people = (await rosterFor(pool, officeId)).filter((r) => r.officeId === officeId || r.userId === officeId).map((r) => r.userId);
  const streams = await store.readStreams(people.map(agentProfileStream));
  for (const userId of people) {
    const profile = fold(agentProfileDecider, (streams.get(agentProfileStream(userId)) ?? []) as unknown as AgentProfileEvent[]);
    if (profile.mlsId === mlsId) return userId;
  }
  return null;
}
