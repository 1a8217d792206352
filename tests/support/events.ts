import { randomUUID } from 'node:crypto';
import { type EventStore, START } from '../../src/eventstore/event-store.port';
import type { EventMetadata, NewEvent } from '../../src/shared/event';

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
  const out: { stream_id: string; data: Record<string, any>; metadata: EventMetadata }[] = [];
  let from = START;
  for (;;) {
    const page = await store.readAll(from, { types: [type], limit: 1000 });
    for (const e of page.events) out.push({ stream_id: e.streamId, data: e.data as Record<string, any>, metadata: e.metadata });
    from = page.next;
    if (page.atEnd) return out;
  }
}
