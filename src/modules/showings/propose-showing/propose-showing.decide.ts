import type { Decider } from '../../../commands/decider';
import { conflict } from '../../../shared/errors';
import { type Showing, showingState } from '../showing';
import { checkShowingTime } from '../showing-time';
import type { ShowingEvent, ShowingProposed } from '../showings.events';

/**
 * A showing comes to be: from the lead's request (`proposedBy: 'lead'`, the time they asked for,
 * whatever it is now: the agent answers it) or proposed by the office (`'agent'`, a time ahead;
 * `confirm`: agreed already, so confirmed at once with `organizerId` as the organizer). The
 * caller checked the scope and found the listing. The same showing id again appends nothing.
 */
export type ProposeShowing = ShowingProposed['data'] & {
  readonly confirm: { readonly organizerId: string } | null;
  readonly now: string;
  /** Why no buyer agreement covers the showing's day: booked confirmed, it is refused (409); a proposal waits for one. */
  readonly uncovered?: string | null;
};

export function decideProposeShowing(c: ProposeShowing, s: Showing): ShowingEvent[] {
  if (s.exists) return [];
  if (c.proposedBy === 'agent') checkShowingTime(c.start, c.end, c.now);
  if (c.confirm && c.uncovered) throw conflict(c.uncovered);
  const { confirm: _confirm, now: _now, uncovered: _uncovered, ...data } = c;
  const { showingId, leadId } = c;
  const proposed: ShowingEvent = { type: 'ShowingProposed', data };
  return c.confirm ? [proposed, { type: 'ShowingConfirmed', data: { showingId, leadId, agentId: c.confirm.organizerId, byUserId: c.byUserId } }] : [proposed];
}

export const proposeShowingDecider: Decider<Showing, ProposeShowing, ShowingEvent> = { ...showingState, decide: decideProposeShowing };
