import { showingWhen } from '../../src/contract/showings';
import type { ShowingEvent } from '../../src/modules/showings/showings.events';
import { assertNever } from '../../src/shared/errors';

/** A lead's showings as the timeline says them (issue 16): proposed, accepted or confirmed, moved, cancelled (by whom), done. */
export const showingTimelineTypes = ['ShowingProposed', 'ShowingConfirmed', 'ShowingRescheduled', 'ShowingCancelled', 'ShowingCompleted'] as const;

/** What the timeline knows of a showing from its first event: where, on which clock, and when it stands. */
export type KnownShowing = { readonly address: string; readonly timeZone: string; readonly start: string };

const street = (address: string) => address.split(',')[0]!.trim() || address;

/**
 * The line for the agent, or null for none: a showing the lead asked for already has its line
 * ("Asked for a showing of …"), so its ShowingProposed adds none. `s`: the showing as it stood
 * before this event (a move's line names the new time from the event).
 */
export function showingSummary(e: ShowingEvent, s: KnownShowing): string | null {
  const at = (start: string) => showingWhen(start, s.timeZone);
  const home = street(s.address);
  switch (e.type) {
    case 'ShowingProposed':
      return e.data.proposedBy === 'lead' ? null : `Showing of ${home} proposed for ${at(e.data.start)}`;
    case 'ShowingConfirmed':
      return e.data.byLead ? `Accepted the showing of ${home} on ${at(s.start)}` : `Showing of ${home} confirmed for ${at(s.start)}`;
    case 'ShowingRescheduled':
      return `Showing of ${home} moved to ${at(e.data.start)}`;
    case 'ShowingCancelled':
      return e.data.byLead ? `Cancelled the showing of ${home} on ${at(s.start)}` : `Showing of ${home} on ${at(s.start)} cancelled`;
    case 'ShowingCompleted':
      return `Showing of ${home} done`;
    default:
      return assertNever(e);
  }
}
