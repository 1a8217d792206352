import type { Decider } from '../../../commands/decider';
import { assertNever } from '../../../shared/errors';
import type { AgentProfileEvent } from '../leads.events';

/** An agent's profile as its stream `agentprofile-{agentId}` says. */
export type AgentProfile = { readonly bio: string; readonly mlsId: string | null };

export type AgentProfileCommand = { readonly kind: 'bio'; readonly agentId: string; readonly bio: string } | { readonly kind: 'mlsId'; readonly agentId: string; readonly mlsId: string | null };

export function evolveAgentProfile(s: AgentProfile, e: AgentProfileEvent): AgentProfile {
  switch (e.type) {
    case 'AgentBioChanged':
      return { ...s, bio: e.data.bio };
    case 'AgentMlsIdChanged':
      return { ...s, mlsId: e.data.mlsId };
    default:
      return assertNever(e);
  }
}

/** Only a change is an event. */
export function decideAgentProfile(c: AgentProfileCommand, s: AgentProfile): AgentProfileEvent[] {
  switch (c.kind) {
    case 'bio':
      return c.bio === s.bio ? [] : [{ type: 'AgentBioChanged', data: { agentId: c.agentId, bio: c.bio } }];
    case 'mlsId':
      return c.mlsId === s.mlsId ? [] : [{ type: 'AgentMlsIdChanged', data: { agentId: c.agentId, mlsId: c.mlsId } }];
    default:
      return assertNever(c);
  }
}

export const agentProfileDecider: Decider<AgentProfile, AgentProfileCommand, AgentProfileEvent> = {
  initialState: () => ({ bio: '', mlsId: null }),
  evolve: evolveAgentProfile,
  decide: decideAgentProfile,
};
