/**
 * Showings as appointments (issue 16), one stream per showing, `showing-{showingId}`. A lead's
 * request on the public site (ShowingRequested, organizer context) or an agent's proposal is
 * ShowingProposed: the listing (its address and time zone as they were then), start and end, the
 * lead. The agent confirms it (the lead is sent an invitation), moves it (a new SEQUENCE of the
 * same iCalendar event), cancels it or marks it done.
 */

/** The listing's words and clock, kept with the showing: what the lead was told stays what it was. */
export type ShowingPlace = { readonly pdid: string; readonly address: string; readonly timeZone: string };

export type ShowingProposed = {
  readonly type: 'ShowingProposed';
  readonly data: ShowingPlace & {
    readonly showingId: string;
    readonly leadId: string;
    readonly siteId: string;
    readonly start: string;
    readonly end: string;
    /** 'lead': from the lead's request (`requestEventId`, the ShowingRequested it came from); 'agent': the office proposed it. */
    readonly proposedBy: 'lead' | 'agent';
    readonly byUserId: string;
    readonly message: string;
    readonly requestEventId: string | null;
  };
};

/** The time stands (`byLead`: the lead accepted the agent's proposed time, absent: the office confirmed); `agentId` is the organizer the lead's invitation names (the lead's agent, or whoever confirmed a lead nobody holds). */
export type ShowingConfirmed = {
  readonly type: 'ShowingConfirmed';
  readonly data: { readonly showingId: string; readonly leadId: string; readonly agentId: string; readonly byUserId: string; readonly byLead?: boolean };
};

/** Another time (the agent's proposal, or a confirmed showing moved). `sequence`: the iCalendar SEQUENCE from now on. */
export type ShowingRescheduled = {
  readonly type: 'ShowingRescheduled';
  readonly data: {
    readonly showingId: string;
    readonly leadId: string;
    readonly start: string;
    readonly end: string;
    readonly fromStart: string;
    readonly fromEnd: string;
    readonly sequence: number;
    readonly byUserId: string;
  };
};

/** Off (`byLead`: the lead cancelled it, absent: the office): the lead and the agent are told (with METHOD:CANCEL when an invitation went out). `sequence` as above. */
export type ShowingCancelled = {
  readonly type: 'ShowingCancelled';
  readonly data: { readonly showingId: string; readonly leadId: string; readonly sequence: number; readonly byUserId: string; readonly byLead?: boolean };
};

export type ShowingCompleted = {
  readonly type: 'ShowingCompleted';
  readonly data: { readonly showingId: string; readonly leadId: string; readonly byUserId: string };
};

export type ShowingEvent = ShowingProposed | ShowingConfirmed | ShowingRescheduled | ShowingCancelled | ShowingCompleted;
export const showingEventTypes = [
  'ShowingProposed',
  'ShowingConfirmed',
  'ShowingRescheduled',
  'ShowingCancelled',
  'ShowingCompleted',
] as const satisfies readonly ShowingEvent['type'][];
export const showingStream = (showingId: string) => `showing-${showingId}`;
