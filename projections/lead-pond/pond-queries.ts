import type pg from 'pg';

export type PondDeadline = { readonly leadId: string; readonly agentId: string; readonly officeId: string; readonly dueAt: string };

/** Leads whose office's claim window has passed at `now` without a first contact, oldest deadline first. */
export async function pondDeadlinesPassed(db: pg.Pool, now: Date, limit = 100): Promise<PondDeadline[]> {
  const { rows } = await db.query<{ lead_id: string; agent_id: string; office_id: string; due_at: Date }>(
    `SELECT lead_id, agent_id, office_id, due_at FROM pond_deadlines
      WHERE due_at <= $1 AND agent_id IS NOT NULL AND office_id IS NOT NULL ORDER BY due_at, lead_id LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => ({ leadId: r.lead_id, agentId: r.agent_id, officeId: r.office_id, dueAt: r.due_at.toISOString() }));
}
