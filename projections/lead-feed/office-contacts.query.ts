import type pg from 'pg';

/** A lead's e-mail and phone as the feed has them: what an import or a hand-added lead is checked against. */
export type OfficeContact = { readonly leadId: string; readonly email: string; readonly phone: string | null };

/**
 * Every lead of an office (its broker's id: the leads assigned in it or to the broker, pond
 * leads included), or of an independent agent (`officeId` null: the leads assigned to them).
 * `email` narrows it to one address (any case).
 */
export async function officeContacts(pool: pg.Pool, officeId: string | null, agentId: string, email?: string): Promise<OfficeContact[]> {
  const owner = officeId ?? agentId;
  const { rows } = await pool.query<{ lead_id: string; email: string; phone: string | null }>(
    `SELECT lead_id, email, phone FROM lead_feed
     WHERE ${officeId ? '(office_id = $1 OR assigned_agent_id = $1)' : 'assigned_agent_id = $1'} AND ($2::text IS NULL OR lower(email) = lower($2))`,
    [owner, email ?? null],
  );
  return rows.map((r) => ({ leadId: r.lead_id, email: r.email, phone: r.phone }));
}
