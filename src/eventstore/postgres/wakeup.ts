import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { logger } from '../../shared/logger';
import type { Waiter } from '../subscription-loop';

const log = logger('event-store');

/**
 * Wakes subscribers when events are appended, in this process or any other on the database.
 * In this process, only the subscribers that read a type the append wrote (every append woke
 * every projection: thirty reads of the log, queued in front of the one that pushes the lead;
 * waking the others a turn later cost as much); another process's NOTIFY wakes all. Whoever
 * waits for a subscriber to reach the log's head wakes it (Subscription.wake).
 *
 * NOTIFY is sent after the append has committed and outside its transaction, coalesced to one
 * in flight at a time: a NOTIFY inside the append would take PostgreSQL's global notify lock
 * during commit and serialise every writer. Subscribers poll as well, so a lost wake-up only
 * costs latency.
 */
export class Wakeup {
  private readonly waiters = new Set<(appended?: ReadonlySet<string>) => void>();
  /** Names this process's NOTIFYs, so that its own listener skips them (its subscribers were woken already, by type). */
  private readonly id = randomUUID();
  /** The waiters now waiting for hidden events (see settled). */
  private readonly hiddenWaiters = new Set<() => void>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private notifying = false;
  /** Appends heard of: this process's, and other processes' NOTIFYs (see heard). */
  private appends = 0;
  private notifyAgain = false;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
  ) {}

  notify(pool: pg.Pool, types: ReadonlySet<string>): void {
    this.appends++;
    this.wakeLocal(types);
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    const send = (): void => {
      this.notifyAgain = false;
      pool
        .query('SELECT pg_notify($1, $2)', [this.channel, this.id])
        .catch((err: Error) => log.debug('notify failed', { message: err.message }))
        .finally(() => {
          if (this.notifyAgain && !this.closed) send();
          else this.notifying = false;
        });
    };
    send();
  }

  /**
   * How many appends this process has heard of, its own (counted once committed) and other
   * processes' (their NOTIFY, sent after the commit); undefined while no connection listens, when
   * another process's append could go unheard. While it stays the same, nothing was appended.
   */
  heard(): number | undefined {
    return this.client ? this.appends : undefined;
  }

  /** `types`: the subscriber reads only these; an append in this process wakes it only if it wrote one of them. */
  listen(types?: readonly string[]): Waiter {
    void this.ensureListening();
    const wanted = types && new Set(types);
    // A wake-up that arrives while the subscriber is busy reading is remembered, so the next
    // wait returns at once instead of sleeping through it.
    const state = { signalled: false, resolve: undefined as (() => void) | undefined };
    const signal = (appended?: ReadonlySet<string>) => {
      if (wanted && appended && ![...appended].some((t) => wanted.has(t))) return;
      state.signalled = true;
      state.resolve?.();
    };
    this.waiters.add(signal);
    let timer: NodeJS.Timeout | undefined;
    let cancelled = false;
    const settle = () => state.resolve?.();
    return {
      wait: (ms: number, hidden = false) =>
        new Promise<void>((resolve) => {
          if (cancelled || state.signalled) {
            state.signalled = false;
            return resolve();
          }
          if (hidden) this.hiddenWaiters.add(settle);
          state.resolve = () => {
            if (timer) clearTimeout(timer);
            this.hiddenWaiters.delete(settle);
            state.resolve = undefined;
            state.signalled = false;
            resolve();
          };
          timer = setTimeout(() => state.resolve?.(), ms);
        }),
      wake: () => signal(),
      cancel: () => {
        cancelled = true;
        this.waiters.delete(signal);
        state.resolve?.();
      },
    };
  }

  /**
   * A transaction of this process that may have hidden committed events ended: the subscribers
   * that found events hidden look again now. Only those: every projection's batch ends one, and
   * waking every subscriber each time would be a read per projection per batch.
   */
  settled(): void {
    for (const w of this.hiddenWaiters) w();
  }

  /** `appended`: the types an append of this process wrote (undefined: anything, as another process's NOTIFY says). */
  private wakeLocal(appended?: ReadonlySet<string>): void {
    for (const w of this.waiters) w(appended);
  }

  private ensureListening(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url, keepAlive: true });
      client.on('notification', (msg) => {
        if (msg.payload === this.id) return;
        this.appends++;
        this.wakeLocal();
      });
      client.on('error', (err) => {
        log.warn('listen connection lost; polling until it is back', { message: err.message });
        this.client = undefined;
        client.end().catch(() => undefined);
        if (!this.closed) setTimeout(() => void this.ensureListening(), 1000).unref();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${this.channel}`);
        if (this.closed) await client.end();
        else {
          // Whatever was appended while nobody listened counts as heard.
          this.appends++;
          this.client = client;
        }
      } catch (err) {
        log.warn('could not listen for new events; polling instead', { message: (err as Error).message });
        client.end().catch(() => undefined);
        if (!this.closed) setTimeout(() => void this.ensureListening(), 1000).unref();
      } finally {
        this.connecting = undefined;
      }
    })();
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeLocal();
    await this.connecting;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }
}
