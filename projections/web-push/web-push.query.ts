import type pg from 'pg';

export type PushSubscriptionRow = { user_id: string; security_level: number; endpoint: string; p256dh: string; auth: string };

/** The browsers subscribed for these users, and every staff member's when `staff`. */
export async function pushSubscriptionsFor(pool: pg.Pool, userIds: readonly string[], staff: boolean): Promise<PushSubscriptionRow[]> {
  const { rows } = await pool.query<PushSubscriptionRow>(
    `SELECT user_id, security_level, endpoint, p256dh, auth FROM web_push_subscriptions WHERE user_id = ANY($1::uuid[]) OR ($2 AND security_level >= 25)`,
    [userIds, staff],
  );
  return rows;
}
