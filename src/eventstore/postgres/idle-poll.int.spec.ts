import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anEvent } from '../../../tests/support/events';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import type { StoredEvent } from '../../shared/event';
import { type Checkpoint, compareCheckpoints, START, type Subscription } from '../event-store.port';
import { appendGroup } from './append-group';
import { PostgresEventStore } from './postgres-event-store';

const POLL_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Subscribers at the end of the log share one look at it per poll (idle-poll.ts). */
describe('PostgreSQL store: idle subscribers', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  /** Statements the store sent through its pool. */
  let statements = 0;
  const subs: Subscription[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 5 });
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    pool.query = ((...args: unknown[]) => {
      statements++;
      return query(...args);
    }) as typeof pool.query;
    store = new PostgresEventStore(pool, { pollMs: POLL_MS, databaseUrl: db.url });
  });
  afterEach(async () => {
    await Promise.all(subs.splice(0).map((s) => s.stop()));
    await store.close();
    await pool.end();
    await db.drop();
  });

  /** A subscriber of `types`, keeping where it was moved to and the events it was handed. */
  const follow = (types: string[], from: Checkpoint = START) => {
    const seen = { at: from, events: [] as StoredEvent[] };
    subs.push(
      store.subscribe({
        from,
        types,
        onEvents: async (events, next) => {
          seen.events.push(...events);
          seen.at = next;
        },
      }),
    );
    return seen;
  };
  const until = async (ok: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; !ok() && Date.now() < end;) await sleep(10);
    return ok();
  };

  it('sends one statement per poll for all of them, not one each', async () => {
    // An empty log: nothing to read, and no event of another file's tests can be hidden in it.
    for (let i = 0; i < 10; i++) follow([`Idle${i}${randomUUID().slice(0, 8)}`]);
    await sleep(3 * POLL_MS);
    statements = 0;
    await sleep(10 * POLL_MS);
    // Ten polls: about ten statements. Each subscriber reading for itself sent a hundred.
    expect(statements).toBeGreaterThanOrEqual(3);
    expect(statements).toBeLessThanOrEqual(20);
  });

  it("an idle subscriber's checkpoint follows the head though no event of its types is appended", async () => {
    const mine = `Mine${randomUUID().slice(0, 8)}`;
    const seen = follow([mine]);
    await sleep(2 * POLL_MS);
    const { position } = await store.append(`other-${randomUUID()}`, 'no_stream', [anEvent(`Other${randomUUID().slice(0, 8)}`)]);
    // Other files' tests share the cluster: their open transactions may hide the event a while.
    expect(await until(() => compareCheckpoints(seen.at, position) >= 0, 30 * POLL_MS)).toBe(true);
    expect(seen.events).toEqual([]);
  });

  it('an event of its types that another process appended, whose NOTIFY nobody heard, is applied', async () => {
    const mine = `Mine${randomUUID().slice(0, 8)}`;
    const seen = follow([mine]);
    const other = follow([`Other${randomUUID().slice(0, 8)}`]);
    await sleep(2 * POLL_MS);
    const event = anEvent(mine);
    // Written as the store writes a group, without its NOTIFY: nothing wakes the subscriber.
    await appendGroup(db.pool, [[{ streamId: `mine-${randomUUID()}`, expected: 'no_stream', events: [event] }]]);
    expect(await until(() => seen.events.length === 1, 30 * POLL_MS)).toBe(true);
    expect(seen.events[0]!.eventId).toBe(event.eventId);
    expect(await until(() => compareCheckpoints(other.at, seen.at) >= 0, 30 * POLL_MS)).toBe(true);
    expect(other.events).toEqual([]);
  });
});
