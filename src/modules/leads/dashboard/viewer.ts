import type { Request } from 'express';
import { forbidden } from '../../../shared/errors';
import { LEVEL, requireAuth } from '../../accounts';

/** Who looks at the dashboard: agents see their leads, brokers their office's, staff all (contract section 5). */
export type Viewer = { readonly userId: string; readonly role: 'agent' | 'broker' | 'staff' };

/** The signed-in agent, broker or staff member; 401 signed out, 403 for leads (level 5). */
export function dashboardViewer(req: Request): Viewer {
  const auth = requireAuth(req);
  if (auth.securityLevel >= LEVEL.staff) return { userId: auth.userId, role: 'staff' };
  if (auth.securityLevel >= LEVEL.broker) return { userId: auth.userId, role: 'broker' };
  if (auth.securityLevel >= LEVEL.agent) return { userId: auth.userId, role: 'agent' };
  throw forbidden();
}

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

/** The same scope on the write side's view of one lead (strongly consistent, for commands). */
export function mayView(viewer: Viewer, lead: { readonly agentId: string | null; readonly brokerId: string | null }): boolean {
  switch (viewer.role) {
    case 'staff':
      return true;
    case 'broker':
      return lead.brokerId === viewer.userId || lead.agentId === viewer.userId;
    case 'agent':
      return lead.agentId === viewer.userId;
  }
}
