import type { Decider } from '../../../commands/decider';
import type { AgentZoneEvent } from '../tasks.events';

/** The agent's zone, null until one was set (then DEFAULT_TIME_ZONE applies). */
export type AgentZone = { readonly timeZone: string | null };

/**
 * `browser`: the dashboard's first visit offers the browser's zone; it never overrides a zone
 * already set. `settings`: the agent chose it. The caller checked the name (canonicalTimeZone).
 */
export type SetTimeZone = { readonly userId: string; readonly timeZone: string; readonly how: 'browser' | 'settings' };

export function decideTimeZone(c: SetTimeZone, s: AgentZone): AgentZoneEvent[] {
  if (c.how === 'browser' ? s.timeZone !== null : s.timeZone === c.timeZone) return [];
  return [{ type: 'AgentTimeZoneSet', data: { userId: c.userId, timeZone: c.timeZone, how: c.how } }];
}

export const timeZoneDecider: Decider<AgentZone, SetTimeZone, AgentZoneEvent> = {
  initialState: () => ({ timeZone: null }),
  evolve: (_s, e) => ({ timeZone: e.data.timeZone }),
  decide: decideTimeZone,
};
