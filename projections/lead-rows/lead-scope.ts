/**
 * Who looks at the dashboard: agents see their leads, brokers their office's, staff all (contract
 * section 5). `officeId`: an agent's office (their broker), whose pond leads they also see.
 */
export type Viewer = { readonly userId: string; readonly role: 'agent' | 'broker' | 'staff'; readonly officeId?: string | null };

/**
 * The viewer's scope on rows that carry a lead's holder (alias `alias`: its assigned_agent_id, office_id and in_pond columns) as disjoint parts, the viewer's id being
 * parameter $n: a broker's office, and the broker's own leads outside it; an agent's own leads,
 * and the pond leads of their office (contract 5a: `assignedAgentId: null, inPond: true` in every
 * agent's list), to read and claim, not to work: commands check the write side's lead (mayView
 * in src/modules/leads/dashboard/viewer.ts), which a pond lead is not an agent's until claimed.
 * Whatever host the request came from: the scope is the person. Counts add the parts up, each
 * served by one index.
 */
export function leadScopeParts(viewer: Viewer, alias: string, n: number): { parts: string[]; params: string[] } {
  switch (viewer.role) {
    case 'staff':
      return { parts: ['true'], params: [] };
    case 'broker':
      return {
        parts: [`${alias}.office_id = $${n}`, `(${alias}.assigned_agent_id = $${n} AND ${alias}.office_id IS DISTINCT FROM $${n})`],
        params: [viewer.userId],
      };
    case 'agent':
      if (!viewer.officeId) return { parts: [`${alias}.assigned_agent_id = $${n}`], params: [viewer.userId] };
      // Disjoint: a pond lead has no agent.
      return {
        parts: [`${alias}.assigned_agent_id = $${n}`, `(${alias}.in_pond AND ${alias}.office_id = $${n + 1})`],
        params: [viewer.userId, viewer.officeId],
      };
  }
}

/** The same scope as one SQL condition. */
export function leadScope(viewer: Viewer, alias: string, n: number): { sql: string; params: string[] } {
  const { parts, params } = leadScopeParts(viewer, alias, n);
  return { sql: parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`, params };
}

/** The rooms a lead's pushes go to: its agent, the agent's broker, staff (contract section 5); none while nobody holds it. */
export const leadRooms = (row: { readonly assigned_agent_id: string | null; readonly office_id: string | null }): string[] =>
  row.assigned_agent_id ? [...new Set([`user:${row.assigned_agent_id}`, ...(row.office_id ? [`user:${row.office_id}`] : []), 'staff'])] : [];
