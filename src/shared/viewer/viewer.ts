import type { Request } from 'express';
import { forbidden } from '../errors';
import { LEVEL, requireAuth } from '../../modules/accounts';
import type { Viewer } from '../../../projections/lead-feed';

export type { Viewer };

/** The signed-in agent, broker or staff member; 401 signed out, 403 for leads (level 5). */
export function dashboardViewer(req: Request): Viewer {
  const auth = requireAuth(req);
  if (auth.securityLevel >= LEVEL.staff) return { userId: auth.userId, role: 'staff' };
  if (auth.securityLevel >= LEVEL.broker) return { userId: auth.userId, role: 'broker' };
  if (auth.securityLevel >= LEVEL.agent) return { userId: auth.userId, role: 'agent', officeId: auth.officeId };
  throw forbidden();
}

/**
 * The same scope on the write side's view of one lead (strongly consistent, for commands). A
 * pond lead is nobody's: an agent may read it (the read side's scope) and claim it, but works
 * it only once claimed, so here it is the broker's and staff's alone.
 */
export function mayView(viewer: Viewer, lead: { readonly agentId: string | null; readonly officeId: string | null }): boolean {
  switch (viewer.role) {
    case 'staff':
      return true;
    case 'broker':
      return lead.officeId === viewer.userId || lead.agentId === viewer.userId;
    case 'agent':
      return lead.agentId === viewer.userId;
  }
}
