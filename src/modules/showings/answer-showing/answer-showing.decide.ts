import type { Decider } from '../../../commands/decider';
import { conflict, notFound } from '../../../shared/errors';
import { IS_DONE, SHOWING_NOT_FOUND, WAS_CANCELLED } from '../change-showing/change-showing.decide';
import { type Showing, showingState } from '../showing';
import type { ShowingEvent } from '../showings.events';

export const NOTHING_TO_ACCEPT = 'Your agent has not proposed a time for this showing: they will confirm the time you asked for';
export const TIME_CHANGED = 'This time was changed since: see the new time in your organizer';
export const ACCEPT_TOO_LATE = 'This time has passed: reply to your agent to find another';
export const NEEDS_AGREEMENT = 'Before this showing, your agent needs your signed buyer agreement: sign the one they sent you, or ask them for it';

/**
 * The lead answers a showing from their organizer or the proposal e-mail's link: `accept` the
 * time the office proposed (`sequence`: the version of the time they were shown; a changed time
 * is not accepted unseen), or `cancel`. `organizerId`: who the confirmation names (the lead's
 * agent, else whoever proposed the time). What is already so appends nothing: a link used again
 * accepts nothing twice.
 */
export type AnswerShowing = {
  readonly showingId: string;
  readonly leadUserId: string;
  readonly answer: 'accept' | 'cancel';
  readonly sequence?: number;
  readonly organizerId: string | null;
  readonly now: string;
  /** Set when no buyer agreement covers the showing's day: the lead cannot confirm it either (their agent must get one signed first). */
  readonly uncovered?: boolean;
};

export function decideAnswerShowing(c: AnswerShowing, s: Showing): ShowingEvent[] {
  if (!s.exists) throw notFound(SHOWING_NOT_FOUND);
  const ids = { showingId: s.showingId, leadId: s.leadId, byUserId: c.leadUserId, byLead: true };
  if (c.answer === 'cancel') {
    if (s.status === 'cancelled') return [];
    if (s.status === 'done') throw conflict(IS_DONE);
    return [{ type: 'ShowingCancelled', data: { ...ids, sequence: s.sequence + 1 } }];
  }
  if (s.status === 'cancelled') throw conflict(WAS_CANCELLED);
  if (s.status === 'done') throw conflict(IS_DONE);
  if (c.sequence !== undefined && c.sequence !== s.sequence) throw conflict(TIME_CHANGED);
  if (s.status === 'confirmed') return [];
  if (s.timeBy !== 'agent') throw conflict(NOTHING_TO_ACCEPT);
  if (Date.parse(s.start) <= Date.parse(c.now)) throw conflict(ACCEPT_TOO_LATE);
  if (c.uncovered) throw conflict(NEEDS_AGREEMENT);
  return [{ type: 'ShowingConfirmed', data: { ...ids, agentId: c.organizerId ?? s.timeById } }];
}

export const answerShowingDecider: Decider<Showing, AnswerShowing, ShowingEvent> = { ...showingState, decide: decideAnswerShowing };
