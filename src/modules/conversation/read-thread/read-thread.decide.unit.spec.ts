import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { ThreadEvent } from '../thread.events';
import { decideReadThread, type ReadThread, readThreadDecider } from './read-thread.decide';

const AGENT = 'u-agent';
const BROKER = 'u-broker';
const given = (...events: ThreadEvent[]) => fold(readThreadDecider, events);
const read = (readerId: string, upToItemId: string, upToAt: string): ReadThread => ({ leadId: 'L', siteId: 'S', readerId, upToItemId, upToAt });
const wasRead = (readerId: string, id: string, at: string): ThreadEvent => ({ type: 'LeadThreadRead', data: read(readerId, id, at) });

const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-20T10:05:00.000Z';

describe('ReadThread (given / when / then)', () => {
  it('given nothing read, when the agent reads up to an item, then LeadThreadRead', () => {
    expect(decideReadThread(read(AGENT, 'aaaa', T1), given())).toEqual([wasRead(AGENT, 'aaaa', T1)]);
  });

  it('given the agent read up to T1, when they read up to a later item, then the mark moves forwards', () => {
    expect(decideReadThread(read(AGENT, 'bbbb', T2), given(wasRead(AGENT, 'aaaa', T1)))).toEqual([wasRead(AGENT, 'bbbb', T2)]);
  });

  it('given the agent read up to T2, when they read up to the same or an older item, then nothing (a mark never moves back)', () => {
    const state = given(wasRead(AGENT, 'bbbb', T2));
    expect(decideReadThread(read(AGENT, 'bbbb', T2), state)).toEqual([]);
    expect(decideReadThread(read(AGENT, 'aaaa', T1), state)).toEqual([]);
  });

  it('given two items at the same instant, when the agent read the first, then reading the second (greater id) moves the mark', () => {
    expect(decideReadThread(read(AGENT, 'bbbb', T1), given(wasRead(AGENT, 'aaaa', T1)))).toEqual([wasRead(AGENT, 'bbbb', T1)]);
  });

  it("given the agent read up to T2, when the broker reads up to T1, then the broker's own mark is recorded", () => {
    expect(decideReadThread(read(BROKER, 'aaaa', T1), given(wasRead(AGENT, 'bbbb', T2)))).toEqual([wasRead(BROKER, 'aaaa', T1)]);
  });
});
