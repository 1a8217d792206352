import type { StoredEvent } from '../../../shared/event';
import { redact } from './redact';

export type { HistoryEntry } from '../../../contract/backoffice';
import type { HistoryEntry } from '../../../contract/backoffice';

export type HistoryFilter = {
  /** Only these event types (any of them). */
  readonly types?: readonly string[];
  /** Inclusive bounds on the event's time (ISO-8601). */
  readonly from?: string;
  readonly to?: string;
};

/** Every event of the given streams, newest first (by position in the global log). */
export function mergeNewestFirst(streams: Iterable<readonly StoredEvent[]>): StoredEvent[] {
  return [...streams].flat().sort((a, b) => (a.globalPosition < b.globalPosition ? 1 : a.globalPosition > b.globalPosition ? -1 : 0));
}

export function filterHistory(events: readonly StoredEvent[], f: HistoryFilter): StoredEvent[] {
  const types = f.types?.length ? new Set(f.types) : null;
  const from = f.from ? Date.parse(f.from) : null;
  const to = f.to ? Date.parse(f.to) : null;
  return events.filter((e) => {
    if (types && !types.has(e.type)) return false;
    const at = Date.parse(e.metadata.at);
    return (from === null || at >= from) && (to === null || at <= to);
  });
}

export const toHistoryEntry = (e: StoredEvent): HistoryEntry => ({
  eventId: e.eventId,
  streamId: e.streamId,
  streamPosition: e.streamPosition.toString(),
  position: e.globalPosition.toString(),
  type: e.type,
  at: e.metadata.at,
  actorId: e.metadata.actorId,
  impersonatorId: e.metadata.impersonatorId ?? null,
  siteId: e.metadata.siteId,
  correlationId: e.metadata.correlationId,
  data: redact(e.data),
});
