import { randomUUID } from 'node:crypto';
import { type EventStore, START } from '../../src/eventstore/event-store.port';
import type { EventMetadata, NewEvent, StoredEvent } from '../../src/shared/event';

/** A well-formed event for store tests. */
export const anEvent = (type = 'Happened', data: Record<string, unknown> = {}, siteId: string | null = null): NewEvent => ({
  type,
  data,
  eventId: randomUUID(),
  metadata: { siteId, actorId: null, impersonatorId: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() },
});

/**
 * Every stored event of a type as the product reads it (personal fields opened by the store; the
 * events table holds them sealed, issue 18), in the shape of an events row.
 */
export async function openedEventsOf(store: EventStore, type: string): Promise<{ stream_id: string; data: Record<string, any>; metadata: EventMetadata }[]> {
  return (await everyEventOf(store, [type])).map((e) => ({ stream_id: e.streamId, data: e.data as Record<string, any>, metadata: e.metadata }));
}

/**
 * Every stored event of these types, once the log's horizon has passed all that is committed: the
 * global log shows an event only when no older transaction of the cluster is still open (`pending`),
 * and the tests of other files share the cluster, so a read right after an append waits for it.
 */
export async function everyEventOf(store: EventStore, types: readonly string[]): Promise<StoredEvent[]> {
  for (let tries = 0; ; tries++) {
    const out: StoredEvent[] = [];
    let from = START;
    let pending = false;
    for (;;) {
      const page = await store.readAll(from, { types: [...types], limit: 1000 });
      out.push(...page.events);
      pending ||= page.pending;
      from = page.next;
      if (page.atEnd) break;
    }
    if (!pending || tries >= 200) return out;
    await new Promise((r) => setTimeout(r, 25));
  }
}
