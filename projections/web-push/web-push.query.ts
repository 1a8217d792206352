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

/** The user's subscription at this endpoint, or null once it is gone (unsubscribed, erased, or handed to another user). */
export async function pushSubscriptionOf(pool: pg.Pool, userId: string, endpoint: string): Promise<PushSubscriptionRow | null> {
  const { rows } = await pool.query<PushSubscriptionRow>(
    `SELECT user_id, security_level, endpoint, p256dh, auth FROM web_push_subscriptions WHERE endpoint = $1 AND user_id = $2`,
    [endpoint, userId],
  );
  return rows[0] ?? null;
}
