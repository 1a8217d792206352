import type { Decider } from '../../../commands/decider';
import { conflict, notFound, validation } from '../../../shared/errors';
import { type Showing, showingState } from '../showing';
import { checkShowingTime } from '../showing-time';
import type { ShowingEvent } from '../showings.events';

export const SHOWING_NOT_FOUND = 'Showing not found';
export const WAS_CANCELLED = 'This showing was cancelled';
export const IS_DONE = 'This showing is done';
export const NOT_WITH_A_TIME = 'Cancel or complete a showing without changing its time';
export const ONLY_CONFIRMED_DONE = 'Only a confirmed showing can be done';
export const NOT_STARTED = 'A showing is done only once it has started';
export const TIME_PASSED = "This showing's time has passed: choose another time to confirm it";

/**
 * The office answers a showing (PATCH): confirm it, move it (`start`, `end`: a proposal of another
 * time while requested; a new SEQUENCE of the invitation once confirmed), both at once, cancel it,
 * or mark it done. `organizerId`: who the invitation names when this confirms (the lead's agent,
 * else whoever confirms). What is already so appends nothing.
 */
export type ChangeShowing = {
  readonly showingId: string;
  readonly byUserId: string;
  readonly organizerId: string;
  readonly status?: 'confirmed' | 'cancelled' | 'done';
  readonly start?: string;
  readonly end?: string;
  readonly now: string;
  /** Why no buyer agreement covers the showing's day (at its new time when moved), null when one does or it is exempt: then it cannot be confirmed, nor a confirmed one moved there. */
  readonly uncovered?: string | null;
};

export function decideChangeShowing(c: ChangeShowing, s: Showing): ShowingEvent[] {
  if (!s.exists) throw notFound(SHOWING_NOT_FOUND);
  const ids = { showingId: s.showingId, leadId: s.leadId };
  const by = { byUserId: c.byUserId };
  const moves = c.start !== undefined || c.end !== undefined;
  if (c.status === 'cancelled' || c.status === 'done') {
    if (moves) throw validation(NOT_WITH_A_TIME);
    if (s.status === c.status) return [];
  }
  if (s.status === 'cancelled') throw conflict(WAS_CANCELLED);
  if (s.status === 'done') throw conflict(IS_DONE);
  if (c.status === 'cancelled') return [{ type: 'ShowingCancelled', data: { ...ids, sequence: s.sequence + 1, ...by } }];
  if (c.status === 'done') {
    if (s.status !== 'confirmed') throw conflict(ONLY_CONFIRMED_DONE);
    if (Date.parse(s.start) > Date.parse(c.now)) throw conflict(NOT_STARTED);
    return [{ type: 'ShowingCompleted', data: { ...ids, ...by } }];
  }
  if (c.uncovered && (c.status === 'confirmed' || (s.status === 'confirmed' && moves))) throw conflict(c.uncovered);
  const events: ShowingEvent[] = [];
  let start = s.start;
  if (moves) {
    start = c.start ?? s.start;
    // A new start alone keeps the length; a new end alone keeps the start.
    const end = c.end ?? new Date(Date.parse(start) + Date.parse(s.end) - Date.parse(s.start)).toISOString();
    checkShowingTime(start, end, c.now);
    if (start !== s.start || end !== s.end) {
      events.push({ type: 'ShowingRescheduled', data: { ...ids, start, end, fromStart: s.start, fromEnd: s.end, sequence: s.sequence + 1, ...by } });
    }
  }
  if (c.status === 'confirmed' && s.status !== 'confirmed') {
    if (Date.parse(start) <= Date.parse(c.now)) throw conflict(TIME_PASSED);
    events.push({ type: 'ShowingConfirmed', data: { ...ids, agentId: c.organizerId, ...by } });
  }
  return events;
}

export const changeShowingDecider: Decider<Showing, ChangeShowing, ShowingEvent> = { ...showingState, decide: decideChangeShowing };
