import type pg from 'pg';

/** The leads whose digest is on. */
export async function digestSubscribers(db: pg.Pool | pg.PoolClient): Promise<string[]> {
  const { rows } = await db.query<{ lead_id: string }>('SELECT lead_id FROM home_digest_subscribers ORDER BY lead_id');
  return rows.map((r) => r.lead_id);
}
