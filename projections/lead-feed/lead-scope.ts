/**
 * Who looks at the dashboard: agents see their leads, brokers their office's, staff all (contract
 * section 5). `officeId`: an agent's office (their broker), whose pond leads they also see.
 */
export type Viewer = { readonly userId: string; readonly role: 'agent' | 'broker' | 'staff'; readonly officeId?: string | null };

/**
 * The SQL condition that limits lead_feed rows (alias `alias`) to what the viewer may see; the
 * viewer's id is parameter $n. Whatever host the request came from: the scope is the person.
 * An agent also sees the pond leads of their office (contract 5a: `assignedAgentId: null,
 * inPond: true` in every agent's list), to read and claim, not to work: commands check the
 * write side's lead (mayView in src/modules/leads/dashboard/viewer.ts), which a pond lead is not
 * an agent's until claimed.
 */
export function leadScope(viewer: Viewer, alias: string, n: number): { sql: string; params: string[] } {
  switch (viewer.role) {
    case 'staff':
      return { sql: 'true', params: [] };
    case 'broker':
      return { sql: `(${alias}.office_id = $${n} OR ${alias}.assigned_agent_id = $${n})`, params: [viewer.userId] };
    case 'agent':
      if (!viewer.officeId) return { sql: `${alias}.assigned_agent_id = $${n}`, params: [viewer.userId] };
      return { sql: `(${alias}.assigned_agent_id = $${n} OR (${alias}.in_pond AND ${alias}.office_id = $${n + 1}))`, params: [viewer.userId, viewer.officeId] };
  }
}
