import type pg from 'pg';
import type { ContactChannel } from '../../src/modules/leads/leads.events';

/** The office's first action on a lead not yet contacted, oldest first (for the first-contact reactor). */
export type PendingFirstContact = {
  readonly leadId: string;
  readonly via: ContactChannel;
  readonly byUserId: string;
  readonly at: string;
  readonly eventId: string;
};

export async function pendingFirstContacts(db: pg.Pool, limit: number, offset = 0): Promise<PendingFirstContact[]> {
  const { rows } = await db.query<{ lead_id: string; contact_via: ContactChannel; contact_by: string; contact_at: Date; contact_event_id: string }>(
    `SELECT lead_id, contact_via, contact_by, contact_at, contact_event_id FROM pipeline_leads
      WHERE contact_via IS NOT NULL AND NOT contacted ORDER BY contact_at, lead_id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return rows.map((r) => ({ leadId: r.lead_id, via: r.contact_via, byUserId: r.contact_by, at: r.contact_at.toISOString(), eventId: r.contact_event_id }));
}

/** Leads whose stage left their office's pipeline and have somewhere to go (for the stage mover), by office. */
export async function pendingStageMoves(db: pg.Pool, limit: number, offset = 0): Promise<{ readonly leadId: string; readonly officeId: string | null }[]> {
  const { rows } = await db.query<{ lead_id: string; office_id: string | null }>(
    `SELECT lead_id, office_id FROM pipeline_leads WHERE move_to IS NOT NULL ORDER BY office_id, lead_id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return rows.map((r) => ({ leadId: r.lead_id, officeId: r.office_id }));
}
