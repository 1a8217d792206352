/** Who looks at the dashboard: agents see their leads, brokers their office's, staff all (contract section 5). */
export type Viewer = { readonly userId: string; readonly role: 'agent' | 'broker' | 'staff' };

/**
 * The SQL condition that limits lead_feed rows (alias `alias`) to what the viewer may see; the
 * viewer's id is parameter $n. Whatever host the request came from: the scope is the person.
 */
export function leadScope(viewer: Viewer, alias: string, n: number): { sql: string; params: string[] } {
  switch (viewer.role) {
    case 'staff':
      return { sql: 'true', params: [] };
    case 'broker':
      return { sql: `(${alias}.office_id = $${n} OR ${alias}.assigned_agent_id = $${n})`, params: [viewer.userId] };
    case 'agent':
      return { sql: `${alias}.assigned_agent_id = $${n}`, params: [viewer.userId] };
  }
}
