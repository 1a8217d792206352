import type pg from 'pg';

/** Every stream about an account (its leads, chats, claims, ...), as the account_streams read model has them. */
export async function streamsAbout(pool: pg.Pool, userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ stream_id: string }>('SELECT stream_id FROM account_streams WHERE user_id = $1', [userId]);
  return rows.map((r) => r.stream_id);
}

/** The leads that are an account's person (by their LeadCaptured). */
export async function leadsOfAccount(pool: pg.Pool, userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ lead_id: string }>('SELECT lead_id FROM account_stream_leads WHERE user_id = $1', [userId]);
  return rows.map((r) => r.lead_id);
}
