import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../src/shared/event';

/** A well-formed event for store tests. */
export const anEvent = (type = 'Happened', data: Record<string, unknown> = {}, siteId: string | null = null): NewEvent => ({
  type,
  data,
  eventId: randomUUID(),
  metadata: { siteId, actorId: null, impersonatorId: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() },
});
