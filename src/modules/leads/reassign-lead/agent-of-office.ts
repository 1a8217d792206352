import type { EventStore } from '../../../eventstore/event-store.port';
import { forbidden, validation } from '../../../shared/errors';
import { isInOffice } from '../../../shared/viewer/in-office';
import type { Viewer } from '../../../shared/viewer/viewer';

export const REASSIGN_MESSAGES = { brokerOnly: 'Only the broker reassigns leads', notInOffice: 'That agent is not in this office' } as const;

/**
 * Who may give a lead to whom: the broker (or staff), to an agent of the lead's office or the
 * broker; an agent never (403); anyone else 400. The caller checked the viewer may see the lead.
 */
export async function checkReassign(store: EventStore, viewer: Viewer, office: string | null, agentId: string): Promise<void> {
  if (viewer.role === 'agent') throw forbidden(REASSIGN_MESSAGES.brokerOnly);
  if (!(await isInOffice(store, agentId, office))) throw validation(REASSIGN_MESSAGES.notInOffice);
}
