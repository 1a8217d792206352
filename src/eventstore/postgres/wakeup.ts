import pg from 'pg';
import { logger } from '../../shared/logger';
import type { Waiter } from '../subscription-loop';

const log = logger('event-store');

/**
 * Wakes subscribers when events are appended, in this process or any other on the database.
 *
 * NOTIFY is sent after the append has committed and outside its transaction, coalesced to one
 * in flight at a time: a NOTIFY inside the append would take PostgreSQL's global notify lock
 * during commit and serialise every writer. Subscribers poll as well, so a lost wake-up only
 * costs latency.
 */
export class Wakeup {
  private readonly waiters = new Set<() => void>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private notifying = false;
  private notifyAgain = false;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
  ) {}

  notify(pool: pg.Pool): void {
    this.wakeLocal();
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    const send = (): void => {
      this.notifyAgain = false;
      pool
        .query('SELECT pg_notify($1, NULL)', [this.channel])
        .catch((err: Error) => log.debug('notify failed', { message: err.message }))
        .finally(() => {
          if (this.notifyAgain && !this.closed) send();
          else this.notifying = false;
        });
    };
    send();
  }

  listen(): Waiter {
    void this.ensureListening();
    // A wake-up that arrives while the subscriber is busy reading is remembered, so the next
    // wait returns at once instead of sleeping through it.
    const state = { signalled: false, resolve: undefined as (() => void) | undefined };
    const signal = () => {
      state.signalled = true;
      state.resolve?.();
    };
    this.waiters.add(signal);
    let timer: NodeJS.Timeout | undefined;
    let cancelled = false;
    return {
      wait: (ms: number) =>
        new Promise<void>((resolve) => {
          if (cancelled || state.signalled) {
            state.signalled = false;
            return resolve();
          }
          state.resolve = () => {
            if (timer) clearTimeout(timer);
            state.resolve = undefined;
            state.signalled = false;
            resolve();
          };
          timer = setTimeout(() => state.resolve?.(), ms);
        }),
      cancel: () => {
        cancelled = true;
        this.waiters.delete(signal);
        state.resolve?.();
      },
    };
  }

  private wakeLocal(): void {
    for (const w of this.waiters) w();
  }

  private ensureListening(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', () => this.wakeLocal());
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
        else this.client = client;
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
