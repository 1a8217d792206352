import type pg from 'pg';

export type ApiKeyRow = { readonly keyId: string; readonly name: string; readonly createdAt: string; readonly lastUsedAt: string | null };

/** A user's keys that still work, newest first. */
export async function apiKeysOf(pool: pg.Pool, userId: string): Promise<ApiKeyRow[]> {
  const { rows } = await pool.query<{ key_id: string; name: string; created_at: Date; last_used_at: Date | null }>(
    'SELECT key_id, name, created_at, last_used_at FROM api_keys WHERE user_id = $1 AND NOT revoked ORDER BY created_at DESC, key_id',
    [userId],
  );
  return rows.map((r) => ({ keyId: r.key_id, name: r.name, createdAt: r.created_at.toISOString(), lastUsedAt: r.last_used_at?.toISOString() ?? null }));
}
