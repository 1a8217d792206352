/**
 * Times as feeds write them. RESO timestamps should carry an offset, but many servers send wall
 * times (`2024-03-05T14:22:11`) in the MLS's own zone: those are read in the feed's time zone
 * (IANA, e.g. America/Chicago; UTC for file imports unless given), never in the zone of the
 * machine that imports them.
 */
import { canonicalTimeZone, instantOfWallTime, offsetMinutes } from '../../../contract/time-zone';

/** Throws a clear error unless `timeZone` is an IANA time zone name this runtime knows. */
export function assertTimeZone(timeZone: string): void {
  if (canonicalTimeZone(timeZone) === null) throw new Error(`Unknown time zone ${JSON.stringify(timeZone)}: use an IANA name such as America/Chicago or UTC`);
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
  if (
    Number.isNaN(wall) ||
    check.getUTCFullYear() !== +y! ||
    check.getUTCMonth() !== +mo! - 1 ||
    check.getUTCDate() !== +d! ||
    check.getUTCHours() !== +h ||
    check.getUTCMinutes() !== +mi ||
    check.getUTCSeconds() !== +s
  ) {
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
