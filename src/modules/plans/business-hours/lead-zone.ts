import { DEFAULT_TIME_ZONE } from '../../../contract/tasks';
import { knownZone } from './business-hours';

type Logged = { readonly type: string; readonly data: unknown };

/** The zone a time-zone setting of the tasks (AgentTimeZoneSet on the user's zone stream) names last, if any. */
const setZone = (events: readonly Logged[]): string | null =>
  (events.findLast((e) => e.type === 'AgentTimeZoneSet')?.data as { timeZone?: string } | undefined)?.timeZone ?? null;

/** The browser zone the lead's account signed in from last (UserSignedIn carries it from the login form), if it named one this server knows. */
const signedInZone = (events: readonly Logged[]): string | null => {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type !== 'UserSignedIn') continue;
    const name = (e.data as { timezoneName?: string | null }).timezoneName;
    if (name && knownZone(name, '') === name) return name;
  }
  return null;
};

/**
 * The zone a lead's waits count business hours in: the lead's own (the zone of their browser when
 * they last signed in with one), else the office's (its broker's time-zone setting), else their
 * agent's, else the default. Pure: the caller reads the lead's account stream and the broker's and
 * agent's zone streams.
 */
export function zoneOfLead(streams: { readonly account: readonly Logged[]; readonly office: readonly Logged[]; readonly agent: readonly Logged[] }): string {
  return signedInZone(streams.account) ?? knownZone(setZone(streams.office) ?? setZone(streams.agent), DEFAULT_TIME_ZONE);
}
