import type pg from 'pg';

export type OfficeSite = { readonly siteId: string; readonly kind: 'broker' | 'agent' | 'brand'; readonly ownerId: string };

/**
 * The sites a person may add leads to: their own, and their office's (a broker's office is the
 * broker and the agents whose broker they are); `userId` null: every site (staff, at most 500).
 * The person's own agent site first, then the office's broker sites, brand sites last: the
 * first is where a lead goes when none is named.
 */
export async function officeSites(pool: pg.Pool, userId: string | null, officeId: string | null): Promise<OfficeSite[]> {
  const { rows } = await pool.query<{ site_id: string; kind: OfficeSite['kind']; owner_user_id: string }>(
    `SELECT s.site_id, s.kind, s.owner_user_id
     FROM routing_sites s LEFT JOIN routing_users u ON u.user_id = s.owner_user_id
     WHERE $1::uuid IS NULL OR s.owner_user_id = $1 OR ($2::uuid IS NOT NULL AND (s.owner_user_id = $2 OR u.office_id = $2))
     ORDER BY (s.owner_user_id = $1 AND s.kind = 'agent') DESC NULLS LAST, (s.kind = 'broker') DESC, (s.kind = 'brand') ASC, s.site_id
     LIMIT 500`,
    [userId, officeId],
  );
  return rows.map((r) => ({ siteId: r.site_id, kind: r.kind, ownerId: r.owner_user_id }));
}

/** One site's kind and owner, and the owner's broker (the office a lead of the site belongs to). */
export async function siteOffice(pool: pg.Pool, siteId: string): Promise<(OfficeSite & { readonly ownerOfficeId: string | null }) | undefined> {
  const { rows } = await pool.query<{ kind: OfficeSite['kind']; owner_user_id: string; office_id: string | null }>(
    `SELECT s.kind, s.owner_user_id, u.office_id FROM routing_sites s LEFT JOIN routing_users u ON u.user_id = s.owner_user_id WHERE s.site_id = $1`,
    [siteId],
  );
  const r = rows[0];
  return r ? { siteId, kind: r.kind, ownerId: r.owner_user_id, ownerOfficeId: r.office_id } : undefined;
}
