import { tzOffset } from '@date-fns/tz';

/**
 * The one place that turns instants into wall clocks of an IANA zone and back. The server (feed
 * imports, plan waits, task and showing times, calendar files) and the web app (typed times)
 * share it, so a wall time skipped or repeated by a daylight-saving change means the same instant
 * everywhere: a skipped time is read with the offset before the change (2:30 on a spring-forward
 * night is 3:30 after it), a repeated one as the first of the two. No Node imports: the browser
 * bundles this file.
 */

export type WallClock = {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
};

/** The canonical spelling of an IANA zone name this runtime knows, or null. */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const QUARTER_HOUR = 900_000;
// Every offset change falls on a quarter hour, and callers (a feed import, a calendar's
// transition search) ask about the same few days over and over: one lookup per quarter hour.
const offsets = new Map<string, number>();
const OFFSETS_MAX = 50_000;
const known = new Set<string>();

/** The zone's offset from UTC at an instant, in whole minutes (New York in winter: -300). Throws for an unknown zone. */
export function offsetMinutes(timeZone: string, at: number | Date): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (timeZone === 'UTC') return 0;
  const key = `${timeZone} ${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    // tzOffset also reads '+05:00' as a zone and answers NaN for a name it does not know: only IANA names pass.
    if (!known.has(timeZone)) {
      if (canonicalTimeZone(timeZone) === null) throw new RangeError(`Unknown time zone ${JSON.stringify(timeZone)}`);
      known.add(timeZone);
    }
    offset = Math.round(tzOffset(timeZone, new Date(ms)));
    if (offsets.size >= OFFSETS_MAX) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The wall clock of `timeZone` at an instant (whole seconds). */
export function wallClock(at: number | Date, timeZone: string): WallClock {
  const ms = typeof at === 'number' ? at : at.getTime();
  const d = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes(timeZone, ms) * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * The instant (epoch ms) a wall time of `timeZone` names, the wall time given as if it were UTC
 * (`Date.UTC(y, m - 1, d, h, mi)`). Skipped by a spring change: read with the offset before it.
 * Repeated by an autumn change: the first of the two.
 */
export function instantOfWallTime(wallAsUtcMs: number, timeZone: string): number {
  const DAY = 86_400_000;
  // A zone changes its offset at most once in two days: the offsets a day either side are the candidates.
  const before = offsetMinutes(timeZone, wallAsUtcMs - DAY);
  const after = offsetMinutes(timeZone, wallAsUtcMs + DAY);
  const valid = [...new Set([before, after])].map((o) => wallAsUtcMs - o * 60_000).filter((t) => offsetMinutes(timeZone, t) * 60_000 === wallAsUtcMs - t);
  return valid.length > 0 ? Math.min(...valid) : wallAsUtcMs - before * 60_000;
}

/** `instantOfWallTime` for a wall clock given by its fields. */
export const instantOfWall = (w: Omit<WallClock, 'second'> & { readonly second?: number }, timeZone: string): number =>
  instantOfWallTime(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0), timeZone);
