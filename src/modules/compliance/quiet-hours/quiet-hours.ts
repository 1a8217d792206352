import { canonicalTimeZone, instantOfWallTime, wallClock } from '../../../contract/time-zone';
import { AREA_CODE_ZONES, STATE_ZONES } from './area-code-zones';
import { tenDigits } from '../../../contract/phone-number';

/** When automated texts may reach a lead, in the lead's wall clock: [startHour, endHour). */
export type TextWindow = { readonly startHour: number; readonly endHour: number };

/** Contract section 13: 08:00 to 21:00, which an office may narrow but never widen. */
export const LAWFUL_WINDOW: TextWindow = { startHour: 8, endHour: 21 };

export function officeWindow(office: Partial<TextWindow> | null | undefined): TextWindow {
  const startHour = Math.max(LAWFUL_WINDOW.startHour, office?.startHour ?? LAWFUL_WINDOW.startHour);
  const endHour = Math.min(LAWFUL_WINDOW.endHour, office?.endHour ?? LAWFUL_WINDOW.endHour);
  return startHour < endHour ? { startHour, endHour } : LAWFUL_WINDOW;
}

/**
 * The zone a text is timed in: the lead's own (their browser's), else their address's state,
 * else their cell phone's area code, else the office's.
 */
export function leadTextZone(
  lead: { readonly ownZone?: string | null; readonly state?: string | null; readonly cellPhone?: string | null },
  officeZone: string,
): string {
  const own = lead.ownZone ? canonicalTimeZone(lead.ownZone) : null;
  if (own) return own;
  const byState = lead.state ? STATE_ZONES[lead.state.trim().toUpperCase()] : undefined;
  if (byState) return byState;
  const digits = tenDigits(lead.cellPhone);
  const byArea = digits ? AREA_CODE_ZONES[digits.slice(0, 3)] : undefined;
  return byArea ?? officeZone;
}

const HOUR = 3_600_000;

/** The wall-clock hour `hour` of the local day `days` after `at`'s, as an instant (DST-exact). */
function localHour(at: Date, zone: string, days: number, hour: number): Date {
  const w = wallClock(at, zone);
  return new Date(instantOfWallTime(Date.UTC(w.year, w.month - 1, w.day + days, hour), zone));
}

/**
 * The first instant at or after `due` inside the window in `zone` on a local day that has had
 * fewer than `perDay` automated texts to the lead (`sent`: the instants of those already sent or
 * booked). A text due at 23:00 goes at 08:00 the next morning, whatever the clocks did overnight.
 */
export function nextTextSlot(due: Date, zone: string, window: TextWindow, perDay: number, sent: readonly Date[]): Date {
  const dayOf = (d: Date) => {
    const w = wallClock(d, zone);
    return `${w.year}-${w.month}-${w.day}`;
  };
  let at = due;
  for (let guard = 0; guard < 400; guard++) {
    const hour = wallClock(at, zone).hour;
    if (hour < window.startHour) at = localHour(at, zone, 0, window.startHour);
    else if (hour >= window.endHour) at = localHour(at, zone, 1, window.startHour);
    const day = dayOf(at);
    if (sent.filter((s) => dayOf(s) === day).length < perDay) return at;
    at = localHour(at, zone, 1, window.startHour);
  }
  return new Date(at.getTime() + HOUR);
}

/** An agent's own text: sent at once inside the window; outside it, only once they confirm. */
export const inQuietHours = (at: Date, zone: string, window: TextWindow): boolean => {
  const hour = wallClock(at, zone).hour;
  return hour < window.startHour || hour >= window.endHour;
};
