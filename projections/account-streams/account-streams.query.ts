import type pg from 'pg';

/** Every stream about an account (its leads, chats, claims, ...), as the account_streams read model has them. */
export async function streamsAbout(pool: pg.Pool, userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ stream_id: string }>('SELECT stream_id FROM account_streams WHERE user_id = $1', [userId]);
  return rows.map((r) => r.stream_id);
}
