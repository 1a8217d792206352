/**
 * When a plan's wait ends: waits count business time only (by default 9:00 to 17:00, Monday to
 * Friday) on the wall clock of a time zone, so "wait 2 days" after a Friday afternoon step lands on
 * Tuesday afternoon, and an e-mail never goes out at 3 am local time. Pure: the caller gives the
 * start and the zone (the lead's, else the office's). Daylight-saving changes are handled by
 * working in local wall time and converting back through the zone's offset at that instant.
 */
export type BusinessHours = { readonly startHour: number; readonly endHour: number; readonly days: readonly number[] };
export const DEFAULT_BUSINESS_HOURS: BusinessHours = { startHour: 9, endHour: 17, days: [1, 2, 3, 4, 5] };

type Local = { y: number; m: number; d: number; minutes: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock of `zone` at an instant (to the minute; seconds are dropped). */
function localOf(at: Date, zone: string): Local {
  const parts = Object.fromEntries(formatter(zone).formatToParts(at).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The zone's offset from UTC at an instant, in minutes. */
function offsetAt(at: Date, zone: string): number {
  const l = localOf(at, zone);
  const asUtc = Date.UTC(l.y, l.m - 1, l.d, 0, l.minutes);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a wall-clock time of `zone` names (a time skipped by a spring-forward lands just after the gap). */
function instantOf(l: Local, zone: string): Date {
  const guess = Date.UTC(l.y, l.m - 1, l.d, 0, l.minutes);
  const first = guess - offsetAt(new Date(guess), zone) * 60_000;
  return new Date(guess - offsetAt(new Date(first), zone) * 60_000);
}

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
  if (!zone) return fallback;
  try {
    formatter(zone);
    return zone;
  } catch {
    return fallback;
  }
}
