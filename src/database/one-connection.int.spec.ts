import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { createPool } from './database';
import { OneConnection } from './one-connection';

const pid = async (q: Promise<pg.QueryResult<{ pid: number }>>) => (await q).rows[0]!.pid;

describe('OneConnection', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = createPool(db.url, 4, { statementTimeoutMs: 200 });
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('takes no connection until asked, then runs every query on the same one, one after another', async () => {
    const one = new OneConnection(pool);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const started = performance.now();
    const sleeps = [0, 1, 2].map(() => one.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)'));
    expect(pool.totalCount - pool.idleCount).toBeLessThanOrEqual(1);
    const pids = await Promise.all(sleeps.map(pid));
    expect(new Set(pids).size).toBe(1);
    // One after another: three sleeps of 50 ms take 150 ms or more.
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    one.release();
    await new Promise((r) => setTimeout(r, 10));
    expect(pool.totalCount - pool.idleCount).toBe(0);
    new OneConnection(pool).release();
  });

  it('fails the queries still waiting once one has failed, without sending them, and gives the connection back', async () => {
    const one = new OneConnection(pool);
    const slow = one.query('SELECT pg_sleep(1)');
    const next = one.query('SELECT 1');
    const started = performance.now();
    await expect(slow).rejects.toMatchObject({ code: '57014' });
    await expect(next).rejects.toMatchObject({ code: '57014' });
    // Cancelled at the pool's statement timeout, and the query after it was never run.
    expect(performance.now() - started).toBeLessThan(900);
    one.release();
    await new Promise((r) => setTimeout(r, 10));
    expect(pool.totalCount - pool.idleCount).toBe(0);
    // The connection still works for the next one.
    expect((await pool.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
  });

  it('gives the connection back only once what it was sent has settled', async () => {
    const one = new OneConnection(pool);
    const running = one.query('SELECT pg_sleep(0.1)');
    await new Promise((r) => setTimeout(r, 20));
    one.release();
    expect(pool.totalCount - pool.idleCount).toBe(1);
    await running;
    await new Promise((r) => setTimeout(r, 10));
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});
