import type { Decider } from '../../../commands/decider';
import type { CallEvent, CallOutcome } from '../leads.events';

/**
 * An agent (or the broker, or staff) logs a call they made to a lead they may work: the caller
 * checked the scope. `callId` is the client's (a retry of the same form is one call).
 */
export type LogCall = {
  readonly leadId: string;
  readonly siteId: string;
  readonly callId: string;
  readonly byUserId: string;
  readonly outcome: CallOutcome;
  readonly durationSeconds: number | null;
  readonly notes: string;
};

/** The calls already logged on `calls-{leadId}`, by id. */
export type LoggedCalls = ReadonlySet<string>;

export const evolveCalls = (s: LoggedCalls, e: CallEvent): LoggedCalls => new Set(s).add(e.data.callId);

/** A new call is CallLogged; the same call id again (a retried request) appends nothing. */
export function decideLogCall(c: LogCall, s: LoggedCalls): CallEvent[] {
  if (s.has(c.callId)) return [];
  return [{ type: 'CallLogged', data: { leadId: c.leadId, siteId: c.siteId, callId: c.callId, byUserId: c.byUserId, outcome: c.outcome, durationSeconds: c.durationSeconds, notes: c.notes } }];
}

export const logCallDecider: Decider<LoggedCalls, LogCall, CallEvent> = { initialState: () => new Set(), evolve: evolveCalls, decide: decideLogCall };
