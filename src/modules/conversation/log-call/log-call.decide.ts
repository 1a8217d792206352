import type { Decider } from '../../../commands/decider';
import type { CallEvent, CallLogged } from '../conversation.events';

/**
 * An agent (or the broker, or staff) logs a call they made to a lead they may work: the caller
 * checked the scope. `callId` is the client's (a retry of the same form is one call).
 */
export type LogCall = CallLogged['data'];

/** The calls already logged on `calls-{leadId}`, by id. */
export type LoggedCalls = ReadonlySet<string>;

export const evolveCalls = (s: LoggedCalls, e: CallEvent): LoggedCalls => new Set(s).add(e.data.callId);

/** A new call is CallLogged; the same call id again (a retried request) appends nothing. */
export function decideLogCall(c: LogCall, s: LoggedCalls): CallEvent[] {
  if (s.has(c.callId)) return [];
  return [{ type: 'CallLogged', data: { ...c } }];
}

export const logCallDecider: Decider<LoggedCalls, LogCall, CallEvent> = { initialState: () => new Set(), evolve: evolveCalls, decide: decideLogCall };
