import type pg from 'pg';

export type UserName = { readonly userId: string; readonly firstName: string; readonly lastName: string; readonly email: string };

/** Names and e-mail addresses of these users, as the users read model has them. */
export async function usersByIds(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, UserName>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ user_id: string; first_name: string; last_name: string; email: string }>(
    'SELECT user_id, first_name, last_name, email FROM users WHERE user_id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.user_id, { userId: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email }]));
}

/** `First Last` of each user found. */
export async function fullNames(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, string>> {
  const users = await usersByIds(pool, ids);
  return new Map([...users.values()].map((u) => [u.userId, `${u.firstName} ${u.lastName}`.trim()]));
}

/** Every account with this cell phone (ten digits): a reply to a text may come from any of them. */
export async function usersWithCellPhone(pool: pg.Pool, phone: string): Promise<string[]> {
  const { rows } = await pool.query<{ user_id: string }>('SELECT user_id FROM users WHERE cell_phone = $1', [phone]);
  return rows.map((r) => r.user_id);
}
