import { compareCheckpoints, type EventStore, type SubscribeOptions, type Subscription } from './event-store.port';

/** How an adapter hears that events may have arrived: `wait` returns on a wake-up or after `ms`. */
export type Waiter = { wait(ms: number): Promise<void>; cancel(): void };

export type LoopOptions = {
  readonly pollMs: number;
  readonly onError: (err: unknown) => void;
  /** Anything of the adapter's to release when the subscription stops (after the waiter). */
  readonly close?: () => Promise<void>;
};

/**
 * The subscription every adapter runs. Reads go through readAll, so that batches, type filters
 * and moved checkpoints behave alike: a page after the checkpoint is handed to onEvents, then
 * reading goes on from where it ended (or from where onEvents moved the subscriber). At the end
 * of the log it waits for the waiter, polling every pollMs; a page whose newer events are
 * committed but not yet visible (`pending`) is looked at again soon, backing off up to pollMs.
 * A failure goes to onError and is retried after pollMs.
 */
export function subscriptionLoop(store: Pick<EventStore, 'readAll'>, options: SubscribeOptions, waiter: Waiter, loop: LoopOptions): Subscription {
  let stopped = false;
  let checkpoint = options.from;
  const run = async () => {
    let backoff = 5;
    while (!stopped) {
      try {
        const page = await store.readAll(checkpoint, options);
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
          await waiter.wait(backoff);
          backoff = Math.min(backoff * 2, loop.pollMs);
        } else {
          backoff = 5;
          await waiter.wait(loop.pollMs);
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
    stop: async () => {
      stopped = true;
      waiter.cancel();
      await loop.close?.();
      await done;
    },
  };
}
