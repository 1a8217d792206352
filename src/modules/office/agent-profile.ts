import type { Decider } from '../../commands/decider';
import { assertNever, conflict } from '../../shared/errors';
import type { AgentProfileEvent } from './office.events';

/**
 * An agent's profile as its stream `agentprofile-{agentId}` says: the MLS id in force, and the
 * one the agent gave that awaits their broker's confirmation.
 */
export type AgentProfile = { readonly bio: string; readonly mlsId: string | null; readonly pendingMlsId: string | null };

/**
 * `by` is who sets the MLS id: the agent themself (a request the broker confirms; clearing needs
 * none), or the office's broker or staff (in force at once). `heldBy` is the colleague of the
 * office whose MLS id in force this already is, as the caller read it (null: nobody).
 */
export type AgentProfileCommand =
  | { readonly kind: 'bio'; readonly agentId: string; readonly bio: string }
  | { readonly kind: 'mlsId'; readonly agentId: string; readonly mlsId: string | null; readonly by: 'self' | 'broker'; readonly heldBy: string | null };

export const MLS_ID_MESSAGES = {
  held: 'Another agent of your office already has this MLS id',
} as const;

export function evolveAgentProfile(s: AgentProfile, e: AgentProfileEvent): AgentProfile {
  switch (e.type) {
    case 'AgentBioChanged':
      return { ...s, bio: e.data.bio };
    case 'AgentMlsIdChanged':
      return { ...s, mlsId: e.data.mlsId, pendingMlsId: null };
    case 'AgentMlsIdRequested':
      return { ...s, pendingMlsId: e.data.mlsId };
    default:
      return assertNever(e);
  }
}

function decideMlsId(c: Extract<AgentProfileCommand, { kind: 'mlsId' }>, s: AgentProfile): AgentProfileEvent[] {
  if (c.mlsId !== null && c.heldBy !== null && c.heldBy !== c.agentId) throw conflict(MLS_ID_MESSAGES.held);
  const settled = c.mlsId === s.mlsId && s.pendingMlsId === null;
  if (c.by === 'broker' || c.mlsId === null) return settled ? [] : [{ type: 'AgentMlsIdChanged', data: { agentId: c.agentId, mlsId: c.mlsId } }];
  // The agent's own id: asking again for the one in force withdraws a request; anything else waits for the broker.
  if (c.mlsId === s.mlsId) return settled ? [] : [{ type: 'AgentMlsIdChanged', data: { agentId: c.agentId, mlsId: c.mlsId } }];
  return c.mlsId === s.pendingMlsId ? [] : [{ type: 'AgentMlsIdRequested', data: { agentId: c.agentId, mlsId: c.mlsId } }];
}

/** Only a change is an event. */
export function decideAgentProfile(c: AgentProfileCommand, s: AgentProfile): AgentProfileEvent[] {
  switch (c.kind) {
    case 'bio':
      return c.bio === s.bio ? [] : [{ type: 'AgentBioChanged', data: { agentId: c.agentId, bio: c.bio } }];
    case 'mlsId':
      return decideMlsId(c, s);
    default:
      return assertNever(c);
  }
}

export const agentProfileDecider: Decider<AgentProfile, AgentProfileCommand, AgentProfileEvent> = {
  initialState: () => ({ bio: '', mlsId: null, pendingMlsId: null }),
  evolve: evolveAgentProfile,
  decide: decideAgentProfile,
};
