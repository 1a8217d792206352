import type { FeedCheckpoint } from '../feeds.events';

/** How many keys at the checkpoint's timestamp are kept; beyond, a repeat is a harmless re-import (unchanged). */
export const CHECKPOINT_KEYS = 5000;

/**
 * The replication checkpoint, record by record in the order they are imported: the newest
 * ModificationTimestamp and the keys imported at exactly it. A record older than the newest is
 * out of order and moves nothing (the server did not sort as asked).
 */
export class CheckpointFold {
  private t: string | null;
  private keys: Set<string>;
  ordered = true;

  constructor(from: FeedCheckpoint | null) {
    this.t = from?.ModificationTimestamp ?? null;
    this.keys = new Set(from?.keys ?? []);
  }

  add(ts: string | null, key: string | null): void {
    if (ts === null || key === null) return;
    if (this.t === null || ts > this.t) {
      this.t = ts;
      this.keys = new Set([key]);
    } else if (ts === this.t) {
      this.keys.add(key);
    } else this.ordered = false;
  }

  snapshot(): FeedCheckpoint | null {
    if (this.t === null) return null;
    const keys = [...this.keys];
    return { ModificationTimestamp: this.t, keys: keys.length > CHECKPOINT_KEYS ? keys.slice(-CHECKPOINT_KEYS) : keys };
  }
}
