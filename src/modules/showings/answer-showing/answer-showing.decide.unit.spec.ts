import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import { IS_DONE, SHOWING_NOT_FOUND, WAS_CANCELLED } from '../change-showing/change-showing.decide';
import type { ShowingEvent } from '../showings.events';
import {
  ACCEPT_TOO_LATE,
  type AnswerShowing,
  answerShowingDecider,
  decideAnswerShowing,
  NEEDS_AGREEMENT,
  NOTHING_TO_ACCEPT,
  TIME_CHANGED,
} from './answer-showing.decide';

const NOW = '2030-03-01T12:00:00.000Z';
const START = '2030-03-05T22:00:00.000Z';
const END = '2030-03-05T22:30:00.000Z';
const LATER = '2030-03-06T18:00:00.000Z';
const ids = { showingId: 'S1', leadId: 'L1' };
const proposedBy = (by: 'lead' | 'agent'): ShowingEvent => ({
  type: 'ShowingProposed',
  data: {
    ...ids,
    siteId: 's1',
    pdid: 'T-P1',
    address: '400 Pine St',
    timeZone: 'America/Los_Angeles',
    start: START,
    end: END,
    proposedBy: by,
    byUserId: by === 'lead' ? 'U' : 'A2',
    message: '',
    requestEventId: null,
  },
});
const movedByOffice: ShowingEvent = {
  type: 'ShowingRescheduled',
  data: { ...ids, start: LATER, end: '2030-03-06T18:30:00.000Z', fromStart: START, fromEnd: END, sequence: 1, byUserId: 'A1' },
};
const acceptedBy = (agentId: string): ShowingEvent => ({ type: 'ShowingConfirmed', data: { ...ids, agentId, byUserId: 'U', byLead: true } });
const cancelledByLead = (sequence: number): ShowingEvent => ({ type: 'ShowingCancelled', data: { ...ids, sequence, byUserId: 'U', byLead: true } });
const answer = (over: Partial<AnswerShowing>): AnswerShowing => ({ showingId: 'S1', leadUserId: 'U', answer: 'accept', organizerId: 'A1', now: NOW, ...over });
const given = (...events: ShowingEvent[]) => fold(answerShowingDecider, events);

describe('the lead answers a showing (given / when / then)', () => {
  it('given the lead asked for a time and the office proposed another, when the lead accepts it (the version they saw), then ShowingConfirmed by the lead naming their agent', () => {
    expect(decideAnswerShowing(answer({ sequence: 1 }), given(proposedBy('lead'), movedByOffice))).toEqual([acceptedBy('A1')]);
  });

  it("given an agent's proposal for a lead nobody holds, when the lead accepts, then the proposer is the organizer", () => {
    expect(decideAnswerShowing(answer({ organizerId: null }), given(proposedBy('agent')))).toEqual([acceptedBy('A2')]);
  });

  it('given an accepted showing, when the link is used again, then nothing (a one-use link accepts once)', () => {
    expect(decideAnswerShowing(answer({ sequence: 1 }), given(proposedBy('lead'), movedByOffice, acceptedBy('A1')))).toEqual([]);
  });

  it('given the office moved the time after the e-mail went out, when the lead accepts the older version, then 409: the time changed', () => {
    expect(refused(() => decideAnswerShowing(answer({ sequence: 0 }), given(proposedBy('agent'), movedByOffice))).message).toBe(TIME_CHANGED);
  });

  it("given only the lead's own request, when the lead accepts, then 409: there is nothing to accept", () => {
    expect(refused(() => decideAnswerShowing(answer({}), given(proposedBy('lead')))).message).toBe(NOTHING_TO_ACCEPT);
  });

  it('given a proposal whose time has passed, when accepted, then 409', () => {
    expect(refused(() => decideAnswerShowing(answer({ now: '2030-03-07T00:00:00.000Z' }), given(proposedBy('agent')))).message).toBe(ACCEPT_TOO_LATE);
  });

  it('given a showing, when the lead cancels it, then ShowingCancelled by the lead at the next SEQUENCE; again, nothing', () => {
    expect(decideAnswerShowing(answer({ answer: 'cancel' }), given(proposedBy('lead'), movedByOffice))).toEqual([cancelledByLead(2)]);
    expect(decideAnswerShowing(answer({ answer: 'cancel' }), given(proposedBy('lead'), cancelledByLead(1)))).toEqual([]);
  });

  it('given a cancelled or done showing, when accepted, then 409; no showing 404', () => {
    expect(refused(() => decideAnswerShowing(answer({}), given(proposedBy('agent'), cancelledByLead(1)))).message).toBe(WAS_CANCELLED);
    const done: ShowingEvent = { type: 'ShowingCompleted', data: { ...ids, byUserId: 'A1' } };
    expect(refused(() => decideAnswerShowing(answer({ answer: 'cancel' }), given(proposedBy('agent'), acceptedBy('A2'), done))).message).toBe(IS_DONE);
    expect(refused(() => decideAnswerShowing(answer({}), given())).message).toBe(SHOWING_NOT_FOUND);
  });

  it('given a proposal, when the lead accepts it while no buyer agreement covers its day, then 409: the agent needs one signed first', () => {
    expect(refused(() => decideAnswerShowing(answer({ uncovered: true }), given(proposedBy('agent')))).message).toBe(NEEDS_AGREEMENT);
    expect(decideAnswerShowing(answer({ answer: 'cancel', uncovered: true }), given(proposedBy('agent')))).toHaveLength(1);
  });
});
