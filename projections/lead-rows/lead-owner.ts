import type { ProjectionContext } from '../runner';

/**
 * An event that hands a lead to an agent (LeadAssigned, LeadReassigned, LeadClaimed) or to its
 * office's pond (LeadPutInPond, no agent), by the fields every one of them carries. Typed by shape
 * here, so that the leads context's events fit it as they are.
 */
export type LeadOwnerChange = { readonly data: { readonly leadId: string; readonly agentId?: string; readonly officeId: string | null } };

/**
 * Keeps a read model's copy of who holds a lead (its agent, or none in the pond, and its office)
 * as the lead moves: the one UPDATE the read models that scope their rows by agent and office
 * (lead reports, the lead thread, showings) all need; the table names its columns agent_id and office_id.
 */
export function setLeadOwner(write: ProjectionContext['write'], table: string, e: LeadOwnerChange): void {
  write(`UPDATE ${table} SET agent_id = $2, office_id = $3 WHERE lead_id = $1`, [e.data.leadId, e.data.agentId ?? null, e.data.officeId]);
}
