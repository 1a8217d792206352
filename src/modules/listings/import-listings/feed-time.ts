/**
 * Times as feeds write them. RESO timestamps should carry an offset, but many servers send wall
 * times (`2024-03-05T14:22:11`) in the MLS's own zone: those are read in the feed's time zone
 * (IANA, e.g. America/Chicago; UTC for file imports unless given), never in the zone of the
 * machine that imports them.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a clear error unless `timeZone` is an IANA time zone name this runtime knows. */
export function assertTimeZone(timeZone: string): void {
  try {
    formatter(timeZone);
  } catch {
    throw new Error(`Unknown time zone ${JSON.stringify(timeZone)}: use an IANA name such as America/Chicago or UTC`);
  }
}

const QUARTER_HOUR = 900_000;
// Offsets change only on quarter hours (every zone's offset is a multiple of 15 minutes), and a
// feed's timestamps crowd into a few days: the offset is looked up once per quarter hour seen.
const offsets = new Map<string, number>();
const OFFSETS_MAX = 50_000;

/** The zone's offset from UTC at an instant, in minutes (Chicago in winter: -360). */
export function offsetMinutes(timeZone: string, epochMs: number): number {
  // UTC, the default for file imports, needs no calendar arithmetic.
  if (timeZone === 'UTC') return 0;
  const key = `${timeZone} ${Math.floor(epochMs / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = zoneOffset(timeZone, epochMs);
    if (offsets.size >= OFFSETS_MAX) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

function zoneOffset(timeZone: string, epochMs: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(epochMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall time names in a zone. In the hour a spring change skips, the time is read
 * with the offset before the change; in the hour an autumn change repeats, the first of the two.
 */
export function instantOfWallTime(wallAsUtcMs: number, timeZone: string): number {
  const DAY = 86_400_000;
  // A zone changes its offset at most once in two days: the offsets a day either side are the candidates.
  const before = offsetMinutes(timeZone, wallAsUtcMs - DAY);
  const after = offsetMinutes(timeZone, wallAsUtcMs + DAY);
  const valid = [...new Set([before, after])]
    .map((o) => wallAsUtcMs - o * 60_000)
    .filter((t) => offsetMinutes(timeZone, t) * 60_000 === wallAsUtcMs - t);
  return valid.length > 0 ? Math.min(...valid) : wallAsUtcMs - before * 60_000;
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

export type ParsedTime = {
  /** Epoch milliseconds. */
  readonly ms: number;
  /** The offset the text carried, in minutes; null when it had none (it was read in the feed's zone). */
  readonly offset: number | null;
};

/**
 * An ISO 8601 date-time (or date: its midnight), `T` or a space between, any number of
 * fraction digits; with `Z` or an offset, or else read in `timeZone`. Undefined when it is
 * not a real time (`TBD`, `2024-02-30`, `24:30`).
 */
export function parseFeedTime(text: string, timeZone: string): ParsedTime | undefined {
  const m = TIME.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = m;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s, ms);
  const check = new Date(wall);
  if (Number.isNaN(wall) || check.getUTCFullYear() !== +y! || check.getUTCMonth() !== +mo! - 1 || check.getUTCDate() !== +d! || check.getUTCHours() !== +h || check.getUTCMinutes() !== +mi || check.getUTCSeconds() !== +s) {
    return undefined;
  }
  if (zone === undefined) return { ms: instantOfWallTime(wall, timeZone), offset: null };
  if (zone === 'Z' || zone === 'z') return { ms: wall, offset: 0 };
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 14 || minutes > 59) return undefined;
  return { ms: wall - sign * (hours * 60 + minutes) * 60_000, offset: sign * (hours * 60 + minutes) };
}

/** `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `Z`): the instant as the zone's wall clock shows it, with its offset. */
export const formatInZone = (epochMs: number, timeZone: string): string => formatAtOffset(epochMs, offsetMinutes(timeZone, epochMs));

/** The instant as a wall clock `minutes` from UTC shows it, with that offset (whole seconds). */
export function formatAtOffset(epochMs: number, minutes: number): string {
  const local = new Date(Math.floor(epochMs / 1000) * 1000 + minutes * 60_000).toISOString().slice(0, 19);
  if (minutes === 0) return `${local}Z`;
  const a = Math.abs(minutes);
  return `${local}${minutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}
