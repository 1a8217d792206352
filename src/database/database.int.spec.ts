import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';

describe('the application pool', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('runs queries without parallel workers (many short queries share two cores)', async () => {
    const { rows } = await db.pool.query<{ max_parallel_workers_per_gather: string }>('SHOW max_parallel_workers_per_gather');
    expect(rows[0]!.max_parallel_workers_per_gather).toBe('0');
  });
});
