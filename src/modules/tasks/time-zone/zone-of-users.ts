import { DEFAULT_TIME_ZONE } from '../../../contract/tasks';
import { canonicalTimeZone } from '../../../contract/time-zone';
import type { EventStore } from '../../../eventstore/event-store.port';
import { agentZoneStream, type AgentZoneEvent } from '../tasks.events';

/**
 * The time zone of the first of these users who chose one (AgentTimeZoneSet, read from the log so
 * a zone set a moment ago counts), else the product's default: e.g. [office's broker, agent] for
 * what an office's day is.
 */
export async function zoneOfUsers(store: EventStore, userIds: readonly (string | null | undefined)[]): Promise<string> {
  for (const userId of userIds) {
    if (!userId) continue;
    const events = (await store.readStream(agentZoneStream(userId), { direction: 'backwards', limit: 1 })) as unknown as AgentZoneEvent[];
    const zone = events[0]?.data.timeZone;
    // A zone stored by an older runtime may be unknown to this one.
    if (zone && canonicalTimeZone(zone) !== null) return zone;
  }
  return DEFAULT_TIME_ZONE;
}
