import type pg from 'pg';
import { COLUMNS, type LeadRow } from './lead-queries';
import { leadScope, type Viewer } from '../lead-rows';

/** The pond leads the viewer may see (an agent's office's, a broker's office's, all for staff), waiting longest first. */
export async function pondLeads(db: pg.Pool, viewer: Viewer, limit = 200): Promise<LeadRow[]> {
  const scope = leadScope(viewer, 'f', 1);
  const { rows } = await db.query<LeadRow>(
    `SELECT ${COLUMNS} FROM lead_feed f WHERE f.in_pond AND ${scope.sql} ORDER BY f.created_at, f.lead_id LIMIT $${scope.params.length + 1}`,
    [...scope.params, limit],
  );
  return rows;
}
