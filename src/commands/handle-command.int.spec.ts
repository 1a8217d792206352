import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { ConcurrencyError, validation } from '../shared/errors';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { systemContext } from './command-context';
import type { Decider } from './decider';
import { handleCommand } from './handle-command';

type Added = { type: 'Added'; data: { n: number; total: number } };
type Counter = { total: number; count: number };
type Add = { n: number; max: number };

// A counter that refuses to pass `max`: the rule is only safe if every decision is made on the
// state the append is checked against.
const counter: Decider<Counter, Add, Added> = {
  initialState: () => ({ total: 0, count: 0 }),
  evolve: (s, e) => ({ total: e.data.total, count: s.count + 1 }),
  decide: (c, s) => {
    if (s.total + c.n > c.max) throw validation('over the limit');
    return [{ type: 'Added', data: { n: c.n, total: s.total + c.n } }];
  },
};

describe('handleCommand', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { pollMs: 100, databaseUrl: db.url });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('appends what decide returns, with the metadata of the context', async () => {
    const ctx = { ...systemContext(new Date('2026-01-02T03:04:05Z'), 'site-1'), actorId: 'user-1' };
    const result = await handleCommand(store, 'counter-a', counter, { n: 2, max: 10 }, ctx);
    expect(result.state).toEqual({ total: 2, count: 1 });
    const [stored] = await store.readStream('counter-a');
    expect(stored).toMatchObject({ type: 'Added', data: { n: 2, total: 2 }, streamPosition: 0n });
    expect(stored!.metadata).toMatchObject({ siteId: 'site-1', actorId: 'user-1', at: '2026-01-02T03:04:05.000Z', impersonatorId: null });
  });

  it('decides again on the new state when another writer got there first, so rules still hold', async () => {
    // 8 concurrent commands of +3 with a limit of 12: exactly 4 may succeed, whatever the interleaving.
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => handleCommand(store, 'counter-b', counter, { n: 3, max: 12 }, systemContext())),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as Error);
    expect(ok).toHaveLength(4);
    for (const err of refused) expect(err instanceof ConcurrencyError || err.message === 'over the limit').toBe(true);
    const events = await store.readStream('counter-b');
    expect(events.map((e) => (e.data as { total: number }).total)).toEqual([3, 6, 9, 12]);
  });

  it('appends nothing when decide returns no events', async () => {
    const noop: Decider<Counter, Add, Added> = { ...counter, decide: () => [] };
    const result = await handleCommand(store, 'counter-c', noop, { n: 1, max: 1 }, systemContext());
    expect(result.append).toBeUndefined();
    expect(await store.streamRevision('counter-c')).toBeUndefined();
  });
});
