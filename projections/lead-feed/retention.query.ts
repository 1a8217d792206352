import type pg from 'pg';
import { ERASED_NAME } from '../../src/modules/privacy/privacy.events';

/**
 * Accounts whose every lead has had no activity since `cutoff` (issue 18, retention), the
 * longest quiet first; accounts already erased (their leads read "Erased person") are left out.
 */
export async function quietLeadAccounts(pool: pg.Pool, cutoff: Date, limit: number): Promise<string[]> {
  const { rows } = await pool.query<{ user_id: string }>(
    `SELECT user_id FROM lead_feed GROUP BY user_id
     HAVING max(last_activity_at) < $1 AND bool_or(full_name <> $2)
     ORDER BY max(last_activity_at) LIMIT $3`,
    [cutoff, ERASED_NAME, limit],
  );
  return rows.map((r) => r.user_id);
}
