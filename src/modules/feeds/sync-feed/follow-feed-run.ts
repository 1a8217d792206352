import type { EventStore } from '../../../eventstore/event-store.port';
import type { StoredEvent } from '../../../shared/event';
import { addCounts, type FeedCounts, type FeedSyncEvent, type FeedSyncKind, type FeedSyncStarted, feedSyncStream, ZERO_COUNTS } from '../feeds.events';
import { FeedStoppedError } from '../reso-client/feed-errors';
import { tryFeedLock } from './feed-lock';
import type { FeedProgress } from './run-feed';

export type FollowDeps = { readonly store: EventStore; readonly databaseUrl: string };

/** How another process's run of the feed ended, as its sync stream records it. */
export type FollowedRun = {
  readonly syncId: string;
  readonly kind: FeedSyncKind;
  readonly startedAt: string;
  readonly counts: FeedCounts;
} & ({ readonly outcome: 'completed'; readonly warnings: readonly string[] } | { readonly outcome: 'failed'; readonly message: string });

export type FollowOptions = {
  readonly signal?: AbortSignal;
  /** How often the sync stream is read (default 500 ms). */
  readonly pollMs?: number;
  readonly onFollow?: (run: { syncId: string; kind: FeedSyncKind; startedAt: string }) => void;
  readonly onProgress?: (p: FeedProgress) => void;
};

const PAGE = 500;
type Event = StoredEvent<FeedSyncEvent>;

/**
 * Follows the run of a feed that another process holds the lock for (the server's scheduler, a
 * "Sync now", another command) through the feed's sync stream, with its progress, until it ends:
 * its outcome. Null when nobody holds the lock any more without a run having ended (the holder
 * only looked at the stream, or died mid-run): the caller may run the feed itself, from the
 * checkpoint.
 */
export async function followFeedRun(deps: FollowDeps, name: string, options: FollowOptions = {}): Promise<FollowedRun | null> {
  const stream = feedSyncStream(name);
  const pollMs = options.pollMs ?? 500;
  let run: { started: Event; kind: FeedSyncKind; counts: FeedCounts; expectedTotal: number | null } | undefined;
  let next = await openRun();
  for (;;) {
    if (options.signal?.aborted) throw new FeedStoppedError(`Stopped following the run of feed ${name}; it goes on`);
    const events = (await deps.store.readStream(stream, { from: next, limit: PAGE })) as unknown as Event[];
    for (const e of events) {
      next = e.streamPosition + 1n;
      if (e.type === 'FeedSyncStarted') {
        const data = e.data as FeedSyncStarted['data'];
        run = { started: e, kind: data.kind, counts: ZERO_COUNTS, expectedTotal: null };
        options.onFollow?.({ syncId: data.syncId, kind: data.kind, startedAt: e.metadata.at });
        continue;
      }
      if (!run || e.data.syncId !== run.started.data.syncId) continue;
      const at = { syncId: e.data.syncId, kind: run.kind, startedAt: run.started.metadata.at };
      if (e.type === 'FeedCheckpointAdvanced') {
        run.counts = addCounts(run.counts, e.data.batch);
        run.expectedTotal = e.data.expectedTotal ?? run.expectedTotal;
        options.onProgress?.({ name, syncId: at.syncId, kind: at.kind, counts: run.counts, expectedTotal: run.expectedTotal });
      } else if (e.type === 'FeedSyncCompleted') return { ...at, counts: e.data.counts, outcome: 'completed', warnings: e.data.warnings };
      else return { ...at, counts: e.data.counts, outcome: 'failed', message: e.data.message };
    }
    if (events.length === PAGE) continue;
    // Read again after the lock is found free: an end appended just before the release is seen.
    if (await lockIsFree()) {
      const late = (await deps.store.readStream(stream, { from: next, limit: PAGE })) as unknown as Event[];
      if (late.length === 0) return null;
      continue;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }

  /** Where the run in progress started (its FeedSyncStarted), or the stream's end when none is. */
  async function openRun(): Promise<bigint> {
    const end = await deps.store.streamRevision(stream);
    if (end === undefined) return 0n;
    let from = end;
    for (;;) {
      const page = (await deps.store.readStream(stream, { direction: 'backwards', from, limit: PAGE })) as unknown as Event[];
      const last = page.find((e) => e.type !== 'FeedCheckpointAdvanced');
      if (last?.type === 'FeedSyncStarted') return last.streamPosition;
      if (last || page.length < PAGE) return end + 1n;
      from = page[page.length - 1]!.streamPosition - 1n;
    }
  }

  async function lockIsFree(): Promise<boolean> {
    const lock = await tryFeedLock(deps.databaseUrl, name);
    if (!lock) return false;
    await lock.release();
    return true;
  }
}
