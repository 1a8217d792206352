import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { CallEvent } from '../conversation.events';
import { decideLogCall, type LogCall, logCallDecider } from './log-call.decide';

const call = (callId: string, over: Partial<LogCall> = {}): LogCall => ({
  leadId: 'L1',
  siteId: 's1',
  callId,
  byUserId: 'A1',
  outcome: 'connected',
  durationSeconds: 245,
  notes: 'Wants to see it Saturday',
  ...over,
});
const logged = (c: LogCall): CallEvent => ({ type: 'CallLogged', data: { ...c } });
const given = (...events: CallEvent[]) => fold(logCallDecider, events);

describe('logging a call (given / when / then)', () => {
  it('given no calls, when the agent logs a connected call of 4:05, then CallLogged with the outcome, duration and notes', () => {
    expect(decideLogCall(call('c1'), given())).toEqual([logged(call('c1'))]);
  });

  it('given a call, when the same call id is logged again (a retry), then nothing', () => {
    expect(decideLogCall(call('c1', { notes: 'typed again' }), given(logged(call('c1'))))).toEqual([]);
  });

  it('given a call, when another call is logged (no answer, no duration), then a second CallLogged', () => {
    const second = call('c2', { outcome: 'no-answer', durationSeconds: null, notes: '' });
    expect(decideLogCall(second, given(logged(call('c1'))))).toEqual([logged(second)]);
  });
});
