import type pg from 'pg';
import { findLead } from '../../../../projections/lead-feed';
import type { Viewer } from '../../../../projections/lead-rows';
import type { EventStore } from '../../../eventstore/event-store.port';
import { leadStream } from '../../leads';

const WAIT_MS = 3_000;
const POLL_MS = 40;

/**
 * A lead made through v1 is on its stream when the 201 is sent and in the read model a moment
 * later (its projection, then routing). A client that reads it straight after its 201 waits for
 * that moment instead of getting 404; an id with no stream at all is 404 at once.
 */
export async function findLeadSoon(pool: pg.Pool, store: EventStore, viewer: Viewer, leadId: string, waitMs = WAIT_MS) {
  const row = await findLead(pool, viewer, leadId);
  if (row) return row;
  const stream = await store.readStream(leadStream(leadId), { limit: 1 });
  if (stream.length === 0) return undefined;
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const later = await findLead(pool, viewer, leadId);
    if (later) return later;
  }
  return undefined;
}
