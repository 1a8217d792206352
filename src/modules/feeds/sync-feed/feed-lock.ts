import pg from 'pg';

export type HeldLock = { release(): Promise<void> };

const lockKey = (feed: string) => `feed:${feed}`;

/**
 * One sync or reconcile of a feed at a time, across the server's instances and the CLI: a
 * PostgreSQL session advisory lock on a connection of its own, held for the run and gone with
 * the process if it dies. (The sync stream's expected revisions are the guarantee; the lock
 * keeps a second run from starting and failing on its first checkpoint.)
 */
export async function tryFeedLock(databaseUrl: string, feed: string): Promise<HeldLock | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [lockKey(feed)]);
    if (rows[0]?.ok !== true) {
      await client.end();
      return null;
    }
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return {
    release: async () => {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey(feed)]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * The named feeds whose lock a live session of this database holds (a run, or a scheduler's brief
 * look). Read from pg_locks, never by taking the lock, so that asking never keeps a run from starting.
 * PostgreSQL drops a session's locks when its process dies, so a run killed mid-way holds none.
 */
export async function heldFeedLocks(pool: pg.Pool, feeds: readonly string[]): Promise<Set<string>> {
  if (feeds.length === 0) return new Set();
  // A bigint advisory key shows in pg_locks as classid (high 32 bits) and objid (low), objsubid 1.
  const { rows } = await pool.query<{ feed: string }>(
    `SELECT f.feed FROM unnest($1::text[], $2::text[]) AS f(feed, key)
      WHERE EXISTS (SELECT 1 FROM pg_locks l
                     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
                       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                       AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext(f.key)::bigint)`,
    [feeds, feeds.map(lockKey)],
  );
  return new Set(rows.map((r) => r.feed));
}
