import { fold } from '../../commands/decider';
import type { ShowingStatus } from '../../contract/showings';
import type { EventStore } from '../../eventstore/event-store.port';
import { assertNever } from '../../shared/errors';
import { type ShowingEvent, type ShowingPlace, showingStream } from './showings.events';

export type Showing =
  | { readonly exists: false }
  | (ShowingPlace & {
      readonly exists: true;
      readonly showingId: string;
      readonly leadId: string;
      readonly siteId: string;
      readonly start: string;
      readonly end: string;
      readonly status: ShowingStatus;
      /** The iCalendar SEQUENCE of the event as it stands (0, then one more per move and for a cancellation). */
      readonly sequence: number;
      /** The organizer once confirmed. */
      readonly agentId: string | null;
      /** Whether the lead was ever sent an invitation (a cancellation then carries METHOD:CANCEL). */
      readonly invited: boolean;
      /** Who set the time as it stands: the lead (their request) or the office (a proposal, a move), and which office member. */
      readonly timeBy: 'lead' | 'agent';
      readonly timeById: string;
      /** Cancelled by the lead (the agent is told at once), not the office. */
      readonly cancelledByLead: boolean;
    });

export const initialShowing = (): Showing => ({ exists: false });

export function evolveShowing(s: Showing, e: ShowingEvent): Showing {
  if (e.type === 'ShowingProposed') {
    const d = e.data;
    return {
      exists: true,
      showingId: d.showingId,
      leadId: d.leadId,
      siteId: d.siteId,
      pdid: d.pdid,
      address: d.address,
      timeZone: d.timeZone,
      start: d.start,
      end: d.end,
      status: 'requested',
      sequence: 0,
      agentId: null,
      invited: false,
      timeBy: d.proposedBy,
      timeById: d.byUserId,
      cancelledByLead: false,
    };
  }
  if (!s.exists) return s;
  switch (e.type) {
    case 'ShowingConfirmed':
      return { ...s, status: 'confirmed', agentId: e.data.agentId, invited: true };
    case 'ShowingRescheduled':
      return { ...s, start: e.data.start, end: e.data.end, sequence: e.data.sequence, timeBy: 'agent', timeById: e.data.byUserId };
    case 'ShowingCancelled':
      return { ...s, status: 'cancelled', sequence: e.data.sequence, cancelledByLead: e.data.byLead === true };
    case 'ShowingCompleted':
      return { ...s, status: 'done' };
    default:
      return assertNever(e);
  }
}

export const showingState = { initialState: initialShowing, evolve: evolveShowing };

/** The showing as its stream says now (never stale). */
export async function loadShowing(store: EventStore, showingId: string): Promise<Showing> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(showingId)) return initialShowing();
  return fold(showingState, (await store.readStream(showingStream(showingId))) as unknown as ShowingEvent[]);
}
