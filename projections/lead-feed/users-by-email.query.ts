import type pg from 'pg';

/** The accounts of every lead with this e-mail address (any case): a provider's report names only the address. */
export async function leadUsersByEmail(pool: pg.Pool, email: string): Promise<string[]> {
  const { rows } = await pool.query<{ user_id: string }>('SELECT DISTINCT user_id FROM lead_feed WHERE lower(email) = lower($1)', [email]);
  return rows.map((r) => r.user_id);
}
