import type pg from 'pg';
import { type Checkpoint, compareCheckpoints, type ReadAllPage } from '../event-store.port';
import type { Waiter } from '../subscription-loop';

/** A subscriber at the end of the log, waiting: where it is and the types it reads (undefined: all). */
type Idle = { readonly at: Checkpoint; readonly types: readonly string[] | undefined; readonly answer: (page: ReadAllPage | undefined) => void };

/** What one look at the log says, in one snapshot: where each type was last committed after `from`, the visible head, whether anything committed is hidden. */
type Look = { last: Map<string, Checkpoint>; head: Checkpoint | undefined; pending: boolean };

/**
 * Looks at the log once every pollMs for every subscriber that waits at its end, instead of each
 * reading it (thirty-odd read models, two reads a second each, were most of an idle server's
 * work and its database's). One statement, from the oldest waiting checkpoint: where each event
 * type was last committed, and the visible head, under the same horizon readAllWith uses. A
 * subscriber with an event of its types after its checkpoint is told to read; every other one
 * is handed the head with no events, as an empty filtered page hands it, so its checkpoint (and
 * the lag /health reports) follows the log without a read of its own. Nothing is skipped: the
 * head and the types come from one snapshot, and the look starts at or before every checkpoint.
 *
 * Wake-ups (an append here, another process's NOTIFY, Subscription.wake, stop) end a subscriber's
 * wait as before; so does a failed look, after which each subscriber reads and meets the error
 * itself (the database away: retried on its own, as every read is).
 */
export class IdlePoll {
  private readonly idle = new Set<Idle>();
  private timer: NodeJS.Timeout | undefined;
  private looking = false;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly pollMs: number,
  ) {}

  /**
   * Waits at `at` until the next look or a wake-up of `waiter`. Resolves with a page to hand on
   * (no events; `next` is the head, or `at` when the log has not moved) or undefined: read now.
   */
  wait(waiter: Waiter, at: Checkpoint, types: readonly string[] | undefined): Promise<ReadAllPage | undefined> {
    if (this.closed) return waiter.wait(this.pollMs).then(() => undefined);
    return new Promise((resolve) => {
      const entry: Idle = {
        at,
        types,
        answer: (page) => {
          if (!this.idle.delete(entry)) return;
          resolve(page);
          // Ends the waiter's own wait, which only a wake-up was to end.
          waiter.wake?.();
        },
      };
      this.idle.add(entry);
      this.schedule();
      // Should looks stall (a statement that never answers), the subscriber reads on its own.
      void waiter.wait(this.pollMs * STALL_POLLS).then(() => {
        if (this.idle.delete(entry)) resolve(undefined);
      });
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    // Deleting the entry being visited is safe while iterating a Set.
    for (const entry of this.idle) entry.answer(undefined);
  }

  private schedule(): void {
    if (this.timer || this.looking || this.closed || this.idle.size === 0) return;
    this.timer = setTimeout(() => void this.tick(), this.pollMs);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    // Only those waiting now: one that comes during the look may be before its start.
    const waiting = [...this.idle];
    if (waiting.length === 0) return;
    this.looking = true;
    try {
      const from = waiting.map((w) => w.at).reduce((a, b) => (compareCheckpoints(a, b) <= 0 ? a : b));
      const look = await lookAt(this.pool, from);
      for (const w of waiting) w.answer(answerFor(w, look));
    } catch {
      for (const w of waiting) w.answer(undefined);
    } finally {
      this.looking = false;
      this.schedule();
    }
  }
}

/** How many polls a subscriber waits for a look before it reads by itself. */
const STALL_POLLS = 20;

function answerFor(w: Idle, look: Look): ReadAllPage | undefined {
  const after = (c: Checkpoint | undefined) => c !== undefined && compareCheckpoints(c, w.at) > 0;
  const appeared = w.types ? w.types.some((t) => after(look.last.get(t))) : [...look.last.values()].some(after);
  if (appeared) return undefined;
  return { events: [], next: look.head && after(look.head) ? look.head : w.at, atEnd: true, pending: look.pending };
}

async function lookAt(pool: pg.Pool, from: Checkpoint): Promise<Look> {
  const { rows } = await pool.query<{ kind: 't' | 'h' | 'p'; type: string | null; transaction_id: bigint | null; global_position: bigint | null }>(
    // As readAllWith: one statement, so one snapshot, and the horizon as a scalar subquery, an index condition.
    `WITH h AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
     (SELECT DISTINCT ON (e.type) 't' AS kind, e.type, e.transaction_id, e.global_position
      FROM events e
      WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint) AND e.transaction_id < (SELECT xmin FROM h)
      ORDER BY e.type, e.transaction_id DESC, e.global_position DESC)
     UNION ALL
     (SELECT 'h', NULL, e.transaction_id, e.global_position
      FROM events e WHERE e.transaction_id < (SELECT xmin FROM h)
      ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1)
     UNION ALL
     (SELECT 'p', NULL, NULL, NULL
      WHERE (SELECT e.transaction_id FROM events e ORDER BY e.transaction_id DESC LIMIT 1) >= (SELECT xmin FROM h))`,
    [from.transactionId.toString(), from.globalPosition.toString()],
  );
  const look: Look = { last: new Map(), head: undefined, pending: false };
  for (const r of rows) {
    const at = r.transaction_id === null ? undefined : { transactionId: r.transaction_id, globalPosition: r.global_position! };
    if (r.kind === 't') look.last.set(r.type!, at!);
    else if (r.kind === 'h') look.head = at;
    else look.pending = true;
  }
  return look;
}
