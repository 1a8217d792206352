import { describe, expect, it } from 'vitest';
import { agentProfileDecider, decideAgentProfile } from './agent-profile';

describe('an agent profile (bio and MLS id on one stream)', () => {
  it('records a change of either, and nothing for the same value again', () => {
    const s0 = agentProfileDecider.initialState();
    const bio = decideAgentProfile({ kind: 'bio', agentId: 'a', bio: 'Hi' }, s0);
    const s1 = bio.reduce(agentProfileDecider.evolve, s0);
    const mls = decideAgentProfile({ kind: 'mlsId', agentId: 'a', mlsId: 'A-12' }, s1);
    expect(mls).toEqual([{ type: 'AgentMlsIdChanged', data: { agentId: 'a', mlsId: 'A-12' } }]);
    const s2 = mls.reduce(agentProfileDecider.evolve, s1);
    expect(s2).toEqual({ bio: 'Hi', mlsId: 'A-12' });
    expect(decideAgentProfile({ kind: 'mlsId', agentId: 'a', mlsId: 'A-12' }, s2)).toEqual([]);
    expect(decideAgentProfile({ kind: 'bio', agentId: 'a', bio: 'Hi' }, s2)).toEqual([]);
    expect(decideAgentProfile({ kind: 'mlsId', agentId: 'a', mlsId: null }, s2)).toEqual([{ type: 'AgentMlsIdChanged', data: { agentId: 'a', mlsId: null } }]);
  });
});
