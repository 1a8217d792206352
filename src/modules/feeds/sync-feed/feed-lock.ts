import pg from 'pg';

export type HeldLock = { release(): Promise<void> };

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
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`feed:${feed}`]);
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
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`feed:${feed}`]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
