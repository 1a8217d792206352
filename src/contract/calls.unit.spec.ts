import { describe, expect, it } from 'vitest';
import { callDuration, callSummary, parseCallDuration } from './calls';

describe('call durations and the timeline line', () => {
  it('writes a duration as m:ss, or h:mm:ss from an hour', () => {
    expect([0, 42, 245, 600, 3725].map(callDuration)).toEqual(['0:00', '0:42', '4:05', '10:00', '1:02:05']);
  });

  it('reads what the form takes: mm:ss, h:mm:ss, whole minutes; empty is no duration; anything else is not a duration', () => {
    expect(parseCallDuration('4:05')).toBe(245);
    expect(parseCallDuration(' 12:30 ')).toBe(750);
    expect(parseCallDuration('1:02:05')).toBe(3725);
    expect(parseCallDuration('5')).toBe(300);
    expect(parseCallDuration('')).toBeNull();
    for (const bad of ['4:5', '4:65', 'four', '-1:00', '1:75:00', '13:00:00', '1.5']) expect(parseCallDuration(bad), bad).toBeUndefined();
  });

  it('says the outcome in words, with the duration when there is one', () => {
    expect(callSummary('connected', 245)).toBe('Call logged: connected (4:05)');
    expect(callSummary('left-voicemail', 31)).toBe('Call logged: left voicemail (0:31)');
    expect(callSummary('no-answer', null)).toBe('Call logged: no answer');
    expect(callSummary('wrong-number', null)).toBe('Call logged: wrong number');
  });
});
