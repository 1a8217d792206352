import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import { IN_THE_FUTURE } from '../showing-time';
import type { ShowingEvent } from '../showings.events';
import {
  type ChangeShowing,
  changeShowingDecider,
  decideChangeShowing,
  IS_DONE,
  NOT_STARTED,
  NOT_WITH_A_TIME,
  ONLY_CONFIRMED_DONE,
  SHOWING_NOT_FOUND,
  TIME_PASSED,
  WAS_CANCELLED,
} from './change-showing.decide';

const NOW = '2030-03-01T12:00:00.000Z';
const START = '2030-03-05T22:00:00.000Z';
const END = '2030-03-05T22:30:00.000Z';
const ids = { showingId: 'S1', leadId: 'L1' };
const proposedAt = (start: string, end: string): ShowingEvent => ({
  type: 'ShowingProposed',
  data: {
    ...ids,
    siteId: 's1',
    pdid: 'T-P1',
    address: '400 Pine St',
    timeZone: 'America/Los_Angeles',
    start,
    end,
    proposedBy: 'lead',
    byUserId: 'U',
    message: '',
    requestEventId: 'E1',
  },
});
const proposed = proposedAt(START, END);
const confirmed: ShowingEvent = { type: 'ShowingConfirmed', data: { ...ids, agentId: 'A1', byUserId: 'A1' } };
const cancelled = (sequence: number): ShowingEvent => ({ type: 'ShowingCancelled', data: { ...ids, sequence, byUserId: 'A1' } });
const moved = (start: string, end: string, fromStart: string, fromEnd: string, sequence: number): ShowingEvent => ({
  type: 'ShowingRescheduled',
  data: { ...ids, start, end, fromStart, fromEnd, sequence, byUserId: 'A1' },
});
const change = (over: Partial<ChangeShowing>): ChangeShowing => ({ showingId: 'S1', byUserId: 'A1', organizerId: 'A1', now: NOW, ...over });
const given = (...events: ShowingEvent[]) => fold(changeShowingDecider, events);

describe('the office answers a showing (given / when / then)', () => {
  it('given a requested showing, when the agent confirms it, then ShowingConfirmed naming the organizer; confirming again appends nothing', () => {
    expect(decideChangeShowing(change({ status: 'confirmed' }), given(proposed))).toEqual([confirmed]);
    expect(decideChangeShowing(change({ status: 'confirmed' }), given(proposed, confirmed))).toEqual([]);
  });

  it('given a requested showing, when the agent proposes another time, then ShowingRescheduled (SEQUENCE 1), still requested', () => {
    const events = decideChangeShowing(change({ start: '2030-03-06T18:00:00.000Z' }), given(proposed));
    expect(events).toEqual([moved('2030-03-06T18:00:00.000Z', '2030-03-06T18:30:00.000Z', START, END, 1)]);
    expect(given(proposed, ...events)).toMatchObject({ status: 'requested', sequence: 1, start: '2030-03-06T18:00:00.000Z' });
  });

  it('given a requested showing, when the agent moves and confirms at once, then the move first and the confirmation (the invitation has the new time)', () => {
    const events = decideChangeShowing(change({ status: 'confirmed', start: '2030-03-06T18:00:00.000Z', end: '2030-03-06T19:00:00.000Z' }), given(proposed));
    expect(events).toEqual([moved('2030-03-06T18:00:00.000Z', '2030-03-06T19:00:00.000Z', START, END, 1), confirmed]);
  });

  it('given a confirmed showing, when moved, then a new SEQUENCE each time; the same time again appends nothing', () => {
    const first = moved('2030-03-06T18:00:00.000Z', '2030-03-06T18:30:00.000Z', START, END, 1);
    expect(decideChangeShowing(change({ start: '2030-03-06T18:00:00.000Z' }), given(proposed, confirmed))).toEqual([first]);
    expect(decideChangeShowing(change({ end: '2030-03-06T19:00:00.000Z' }), given(proposed, confirmed, first))).toEqual([
      moved('2030-03-06T18:00:00.000Z', '2030-03-06T19:00:00.000Z', '2030-03-06T18:00:00.000Z', '2030-03-06T18:30:00.000Z', 2),
    ]);
    expect(decideChangeShowing(change({ start: START, end: END }), given(proposed, confirmed))).toEqual([]);
  });

  it('given a confirmed showing, when cancelled, then ShowingCancelled with the next SEQUENCE; cancelling again appends nothing; anything else is refused', () => {
    const s = given(proposed, confirmed, cancelled(1));
    expect(decideChangeShowing(change({ status: 'cancelled' }), given(proposed, confirmed))).toEqual([cancelled(1)]);
    expect(decideChangeShowing(change({ status: 'cancelled' }), s)).toEqual([]);
    expect(refused(() => decideChangeShowing(change({ status: 'confirmed' }), s))).toMatchObject({ code: 'conflict', message: WAS_CANCELLED });
    expect(refused(() => decideChangeShowing(change({ start: '2030-03-06T18:00:00.000Z' }), s))).toMatchObject({ code: 'conflict', message: WAS_CANCELLED });
  });

  it('given a confirmed showing that started, when marked done, then ShowingCompleted; then it is done for good', () => {
    const later = { now: '2030-03-05T22:40:00.000Z' };
    const done: ShowingEvent = { type: 'ShowingCompleted', data: { ...ids, byUserId: 'A1' } };
    expect(decideChangeShowing(change({ status: 'done', ...later }), given(proposed, confirmed))).toEqual([done]);
    expect(decideChangeShowing(change({ status: 'done', ...later }), given(proposed, confirmed, done))).toEqual([]);
    expect(refused(() => decideChangeShowing(change({ status: 'cancelled', ...later }), given(proposed, confirmed, done)))).toMatchObject({
      code: 'conflict',
      message: IS_DONE,
    });
  });

  it('refuses: done before it starts or while only requested, a time with a cancellation, a past time, confirming a past request, no such showing', () => {
    expect(refused(() => decideChangeShowing(change({ status: 'done' }), given(proposed, confirmed)))).toMatchObject({
      code: 'conflict',
      message: NOT_STARTED,
    });
    expect(refused(() => decideChangeShowing(change({ status: 'done', now: '2030-03-06T00:00:00.000Z' }), given(proposed)))).toMatchObject({
      code: 'conflict',
      message: ONLY_CONFIRMED_DONE,
    });
    expect(refused(() => decideChangeShowing(change({ status: 'cancelled', start: START }), given(proposed)))).toMatchObject({
      code: 'validation',
      message: NOT_WITH_A_TIME,
    });
    expect(refused(() => decideChangeShowing(change({ start: '2030-02-01T18:00:00.000Z' }), given(proposed)))).toMatchObject({
      code: 'validation',
      message: IN_THE_FUTURE,
    });
    const pastRequest = proposedAt('2030-02-01T18:00:00.000Z', '2030-02-01T18:30:00.000Z');
    expect(refused(() => decideChangeShowing(change({ status: 'confirmed' }), given(pastRequest)))).toMatchObject({ code: 'conflict', message: TIME_PASSED });
    expect(refused(() => decideChangeShowing(change({ status: 'confirmed' }), given()))).toMatchObject({ code: 'not_found', message: SHOWING_NOT_FOUND });
  });

  it('given a requested showing with no buyer agreement in force on its day, when confirmed, then 409 with the reason; moving it, cancelling it still work', () => {
    const uncovered = 'Jane Doe has no buyer agreement in force on 5 March; add or sign one first';
    expect(refused(() => decideChangeShowing(change({ status: 'confirmed', uncovered }), given(proposed)))).toMatchObject({
      code: 'conflict',
      message: uncovered,
    });
    expect(decideChangeShowing(change({ start: '2030-03-06T22:00:00.000Z', uncovered }), given(proposed))).toHaveLength(1);
    expect(decideChangeShowing(change({ status: 'cancelled', uncovered }), given(proposed))).toEqual([cancelled(1)]);
  });

  it('given a confirmed showing, when moved to a day no agreement covers, then 409', () => {
    const uncovered = 'Jane Doe has no buyer agreement in force on 6 March; add or sign one first';
    expect(refused(() => decideChangeShowing(change({ start: '2030-03-06T22:00:00.000Z', uncovered }), given(proposed, confirmed))).message).toBe(uncovered);
  });
});
