/**
 * When a plan's wait ends: waits count business time only (by default 9:00 to 17:00, Monday to
 * Friday) on the wall clock of a time zone, so "wait 2 days" after a Friday afternoon step lands on
 * Tuesday afternoon, and an e-mail never goes out at 3 am local time. Pure: the caller gives the
 * start and the zone (the lead's, else the office's). Daylight-saving changes are handled by
 * working in local wall time and converting back through the zone's offset at that instant.
 */
import { canonicalTimeZone, instantOfWallTime, wallClock } from '../../../contract/time-zone';

export type BusinessHours = { readonly startHour: number; readonly endHour: number; readonly days: readonly number[] };
export const DEFAULT_BUSINESS_HOURS: BusinessHours = { startHour: 9, endHour: 17, days: [1, 2, 3, 4, 5] };

type Local = { y: number; m: number; d: number; minutes: number };

/** The wall clock of `zone` at an instant (to the minute; seconds are dropped). */
function localOf(at: Date, zone: string): Local {
  const w = wallClock(at, zone);
  return { y: w.year, m: w.month, d: w.day, minutes: w.hour * 60 + w.minute };
}

/** The instant a wall-clock time of `zone` names (a time a spring change skips is read with the offset before it). */
const instantOf = (l: Local, zone: string): Date => new Date(instantOfWallTime(Date.UTC(l.y, l.m - 1, l.d, 0, l.minutes), zone));

const weekday = (l: Local): number => new Date(Date.UTC(l.y, l.m - 1, l.d)).getUTCDay();
const nextDay = (l: Local): Local => {
  const t = new Date(Date.UTC(l.y, l.m - 1, l.d + 1));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), minutes: 0 };
};

/** The first business minute at or after `l`. */
function open(l: Local, h: BusinessHours): Local {
  let c = l;
  for (let i = 0; i < 14; i++) {
    if (h.days.includes(weekday(c)) && c.minutes < h.endHour * 60) return { ...c, minutes: Math.max(c.minutes, h.startHour * 60) };
    c = nextDay(c);
  }
  throw new Error('Business hours name no day of the week');
}

/** When a wait of `amount` hours or days that starts at `from` ends, in business time of `zone`. */
export function waitEnds(from: Date, amount: number, unit: 'hours' | 'days', zone: string, h: BusinessHours = DEFAULT_BUSINESS_HOURS): Date {
  let c = open(localOf(from, zone), h);
  if (unit === 'days') {
    // The same time of day, `amount` business days on.
    const timeOfDay = c.minutes;
    for (let i = 0; i < amount; i++) c = { ...open(nextDay(c), h), minutes: timeOfDay };
    return instantOf(c, zone);
  }
  let left = Math.round(amount * 60);
  while (left > 0) {
    const room = h.endHour * 60 - c.minutes;
    if (left < room) return instantOf({ ...c, minutes: c.minutes + left }, zone);
    left -= room;
    c = left === 0 ? { ...c, minutes: h.endHour * 60 } : open(nextDay(c), h);
  }
  return instantOf(c, zone);
}

/** A zone name this server's Intl knows; anything else falls back to the caller's default. */
export function knownZone(zone: string | null | undefined, fallback: string): string {
  return zone && canonicalTimeZone(zone) !== null ? zone : fallback;
}
