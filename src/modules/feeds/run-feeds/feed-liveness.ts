import type pg from 'pg';
import { interruptedRunMessage } from '../../../../projections/feeds';
import type { FeedView } from '../../../contract/feeds';
import type { EventStore } from '../../../eventstore/event-store.port';
import type { StoredEvent } from '../../../shared/event';
import { type FeedSyncEvent, feedSyncStream } from '../feeds.events';
import { heldFeedLocks } from '../sync-feed/feed-lock';

/**
 * The feeds as the status shows them, each run checked for life: a run whose process died (kill -9,
 * a lost machine) leaves FeedSyncStarted without an end, so the read model alone would say
 * "running" for ever. A run in progress holds the feed's advisory lock on a live session; when no
 * session holds it and the sync stream itself still ends in that run (not an end the read model has
 * yet to fold), the run is shown as interrupted and a person may start the next one.
 */
export async function withRunLiveness(pool: pg.Pool, store: EventStore, feeds: readonly FeedView[]): Promise<FeedView[]> {
  const open = feeds.filter((f) => f.running !== null);
  if (open.length === 0) return [...feeds];
  const held = await heldFeedLocks(
    pool,
    open.map((f) => f.name),
  );
  const dead = new Set<string>();
  for (const f of open) if (!held.has(f.name) && (await endsInRun(store, f.name, f.running!.syncId))) dead.add(f.name);
  return feeds.map((f) => (dead.has(f.name) && f.running ? { ...f, running: null, interrupted: f.running, lastError: interruptedRunMessage(f.running) } : f));
}

/** Whether the feed's sync stream, read now, still ends in run `syncId` (its start or one of its checkpoints). */
async function endsInRun(store: EventStore, name: string, syncId: string): Promise<boolean> {
  const [last] = (await store.readStream(feedSyncStream(name), { direction: 'backwards', limit: 1 })) as unknown as StoredEvent<FeedSyncEvent>[];
  return last !== undefined && last.data.syncId === syncId && (last.type === 'FeedSyncStarted' || last.type === 'FeedCheckpointAdvanced');
}
