import type { EventStore } from '../../../eventstore/event-store.port';
import { forbidden, validation } from '../../../shared/errors';
import { LEVEL, loadAccount } from '../../accounts';
import type { Viewer } from '../dashboard/viewer';

export const REASSIGN_MESSAGES = { brokerOnly: 'Only the broker reassigns leads', notInOffice: 'That agent is not in this office' } as const;

/**
 * Who may give a lead to whom: the broker (or staff), to an agent of the lead's office or the
 * broker; an agent never (403); anyone else 400. The caller checked the viewer may see the lead.
 */
export async function checkReassign(store: EventStore, viewer: Viewer, office: string | null, agentId: string): Promise<void> {
  if (viewer.role === 'agent') throw forbidden(REASSIGN_MESSAGES.brokerOnly);
  const { account } = await loadAccount(store, agentId);
  const inOffice = account.exists && ((account.securityLevel === LEVEL.agent && account.brokerId === office) || account.userId === office);
  if (!inOffice) throw validation(REASSIGN_MESSAGES.notInOffice);
}
