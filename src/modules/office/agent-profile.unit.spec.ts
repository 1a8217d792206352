import { describe, expect, it } from 'vitest';
import { type AgentProfileCommand, agentProfileDecider, decideAgentProfile } from './agent-profile';

const mls = (mlsId: string | null, by: 'self' | 'broker', heldBy: string | null = null): AgentProfileCommand => ({
  kind: 'mlsId',
  agentId: 'a',
  mlsId,
  by,
  heldBy,
});

describe('an agent profile (bio and MLS id on one stream)', () => {
  it('records a change of either, and nothing for the same value again', () => {
    const s0 = agentProfileDecider.initialState();
    const bio = decideAgentProfile({ kind: 'bio', agentId: 'a', bio: 'Hi' }, s0);
    const s1 = bio.reduce(agentProfileDecider.evolve, s0);
    const set = decideAgentProfile(mls('A-12', 'broker'), s1);
    expect(set).toEqual([{ type: 'AgentMlsIdChanged', data: { agentId: 'a', mlsId: 'A-12' } }]);
    const s2 = set.reduce(agentProfileDecider.evolve, s1);
    expect(s2).toEqual({ bio: 'Hi', mlsId: 'A-12', pendingMlsId: null });
    expect(decideAgentProfile(mls('A-12', 'broker'), s2)).toEqual([]);
    expect(decideAgentProfile({ kind: 'bio', agentId: 'a', bio: 'Hi' }, s2)).toEqual([]);
    expect(decideAgentProfile(mls(null, 'self'), s2)).toEqual([{ type: 'AgentMlsIdChanged', data: { agentId: 'a', mlsId: null } }]);
  });

  it("an agent's own id waits for the broker: a request, in force only once the broker sets it", () => {
    const s0 = agentProfileDecider.initialState();
    const asked = decideAgentProfile(mls('A-12', 'self'), s0);
    expect(asked).toEqual([{ type: 'AgentMlsIdRequested', data: { agentId: 'a', mlsId: 'A-12' } }]);
    const s1 = asked.reduce(agentProfileDecider.evolve, s0);
    expect(s1).toMatchObject({ mlsId: null, pendingMlsId: 'A-12' });
    expect(decideAgentProfile(mls('A-12', 'self'), s1)).toEqual([]);
    const s2 = decideAgentProfile(mls('A-12', 'broker'), s1).reduce(agentProfileDecider.evolve, s1);
    expect(s2).toMatchObject({ mlsId: 'A-12', pendingMlsId: null });
    // Clearing needs nobody's confirmation, and withdraws a request.
    const s3 = decideAgentProfile(mls('B-7', 'self'), s2).reduce(agentProfileDecider.evolve, s2);
    expect(s3).toMatchObject({ mlsId: 'A-12', pendingMlsId: 'B-7' });
    expect(decideAgentProfile(mls('A-12', 'self'), s3)).toEqual([{ type: 'AgentMlsIdChanged', data: { agentId: 'a', mlsId: 'A-12' } }]);
  });

  it('refuses an id a colleague of the office already has (409), whoever asks', () => {
    const s0 = agentProfileDecider.initialState();
    expect(() => decideAgentProfile(mls('A-12', 'self', 'b'), s0)).toThrow(expect.objectContaining({ code: 'conflict' }));
    expect(() => decideAgentProfile(mls('A-12', 'broker', 'b'), s0)).toThrow(expect.objectContaining({ code: 'conflict' }));
    expect(decideAgentProfile(mls('A-12', 'broker', 'a'), s0)).toHaveLength(1);
  });
});
