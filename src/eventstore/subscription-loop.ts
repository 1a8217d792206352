import { type Checkpoint, compareCheckpoints, type EventStore, type ReadAllPage, type SubscribeOptions, type Subscription } from './event-store.port';

/**
 * How an adapter hears that events may have arrived: `wait` returns on a wake-up or after `ms`.
 * `hidden`: the wait is for events committed but not yet visible (see EventStore.othersSettled).
 */
export type Waiter = { wait(ms: number, hidden?: boolean): Promise<void>; cancel(): void; wake?(): void };

export type LoopOptions = {
  readonly pollMs: number;
  readonly onError: (err: unknown) => void;
  /** Anything of the adapter's to release when the subscription stops (after the waiter). */
  readonly close?: () => Promise<void>;
  /**
   * How the adapter waits at the end of the log instead of polling it itself: resolves with a
   * page to take as read (no events, a moved `next`) or undefined to read now. Without it the
   * loop waits for the waiter and reads every pollMs.
   */
  readonly idle?: (at: Checkpoint) => Promise<ReadAllPage | undefined>;
};

/**
 * The subscription every adapter runs. Reads go through readAll, so that batches, type filters
 * and moved checkpoints behave alike: a page after the checkpoint is handed to onEvents, then
 * reading goes on from where it ended (or from where onEvents moved the subscriber). At the end
 * of the log it waits for the waiter, polling every pollMs, or as the adapter's `idle` says; a
 * page whose newer events are committed but not yet visible (`pending`) is looked at again soon,
 * backing off up to pollMs.
 * A failure goes to onError and is retried after pollMs. While catching up, the next page is
 * read ahead, during the handler's work on the current one.
 */
export function subscriptionLoop(store: Pick<EventStore, 'readAll'>, options: SubscribeOptions, waiter: Waiter, loop: LoopOptions): Subscription {
  let stopped = false;
  let checkpoint = options.from;
  // While catching up (the last page was full), the next page is read while the handler works on
  // this one: a projection's writes and the log's reads overlap instead of taking turns. It is
  // read from where this page ends, exactly as the next turn would; if the handler moves the
  // checkpoint, it is dropped unread.
  let ahead: { from: Checkpoint; page: Promise<ReadAllPage> } | undefined;
  const read = (from: Checkpoint): Promise<ReadAllPage> => {
    const next = ahead;
    ahead = undefined;
    if (next && compareCheckpoints(next.from, from) === 0) return next.page;
    next?.page.catch(() => undefined);
    return store.readAll(from, options);
  };
  // A page the adapter's idle wait handed on, taken instead of reading.
  let given: ReadAllPage | undefined;
  const run = async () => {
    let backoff = 5;
    while (!stopped) {
      try {
        const page = given ?? (await read(checkpoint));
        given = undefined;
        if (!page.atEnd && compareCheckpoints(page.next, checkpoint) > 0) {
          const from = page.next;
          ahead = { from, page: store.readAll(from, options) };
          ahead.page.catch(() => undefined);
        }
        if (compareCheckpoints(page.next, checkpoint) > 0) {
          const moved = await options.onEvents(page.events, page.next);
          checkpoint = moved ?? page.next;
          if (moved) continue;
        }
        if (!page.atEnd) {
          backoff = 5;
          continue;
        }
        if (page.pending) {
          await waiter.wait(backoff, true);
          backoff = Math.min(backoff * 2, loop.pollMs);
        } else {
          backoff = 5;
          if (loop.idle) given = await loop.idle(checkpoint);
          else await waiter.wait(loop.pollMs);
        }
      } catch (err) {
        if (stopped) return;
        loop.onError(err);
        await waiter.wait(loop.pollMs);
      }
    }
  };
  const done = run();
  return {
    wake: () => waiter.wake?.(),
    stop: async () => {
      stopped = true;
      waiter.cancel();
      await loop.close?.();
      await done;
    },
  };
}
