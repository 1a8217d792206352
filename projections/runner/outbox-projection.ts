import type { Event, StoredEvent } from '../../src/shared/event';
import type { SignalName, Signals } from '../../src/shared/signals';
import { eventsOf, type Projection } from './projection';
import { sendCounting } from './queued-writes';

/** The signals that wake an outbox's sender, each saying how many rows a batch queued. */
export type QueuedSignal = { [K in SignalName]: Signals[K] extends { readonly queued: number } ? K : never }[SignalName];

/** One outbox row's INSERT, or null for an event that queues nothing. */
export type OutboxInsert = { readonly sql: string; readonly values: readonly unknown[] } | null;

/**
 * A projection that only feeds a reactor's outbox (share mail, listing mail, lead e-mail, lead
 * notices, reply notices): each event queues its rows in the same transaction as the checkpoint, and the
 * sender is signalled once a batch queued any. It has no tables of its own: the outbox is a plain
 * table a rebuild must never empty. So that replaying the log (a first start on an old log, a
 * rebuild) queues nothing twice and nothing already sent again, each INSERT is keyed by an id
 * derived from the event (ON CONFLICT DO NOTHING) and skips events from before its outbox's
 * migration. One shape for the four, so their loop, count and signal are written once. It lives in
 * its reactor's folder, beside the sender, and declares the outbox tables it writes.
 */
export function outboxProjection<E extends Event>(spec: {
  readonly name: string;
  /** The plain tables it queues into, owned by the reactor's folder this projection sits in (the architecture test lets no other folder write them). */
  readonly outboxTables: readonly string[];
  readonly eventTypes: readonly E['type'][];
  readonly signal: QueuedSignal;
  /** The rows an event queues: one, several (a row per channel), or none. */
  readonly insert: (e: StoredEvent<E>) => OutboxInsert | readonly NonNullable<OutboxInsert>[];
}): Projection {
  return {
    name: spec.name,
    version: 1,
    eventTypes: spec.eventTypes,
    tables: [],
    async createTables() {},
    async apply(events, ctx) {
      const rows = eventsOf<E>(events).flatMap((e) => {
        const r = spec.insert(e);
        return Array.isArray(r) ? r : r ? [r] : [];
      });
      // Sent together (an import's thousands of leads are a round trip, not one each), and counted
      // as PostgreSQL inserted them: a replayed event, or one from before the outbox, queues
      // nothing and wakes nobody.
      const queued = rows.length > 0 ? await sendCounting(ctx.tx, rows) : 0;
      if (queued > 0) ctx.signal({ signal: spec.signal, payload: { queued } });
    },
  };
}
