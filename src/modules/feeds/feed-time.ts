import { instantOfWallTime } from '../../contract/time-zone';

/**
 * Timestamps as feeds send them: ISO 8601 with an offset (what RESO asks), or without one
 * (what some servers send), to be read in the feed's time zone rather than the importing
 * machine's. Answers a full ISO instant to the millisecond (extra fraction digits are cut, so
 * that `ge` on the cut value still finds the record), or null when the text is not a timestamp.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export function feedInstant(text: string, timeZone: string): string | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = m;
  const ms = Number((frac + '000').slice(0, 3));
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  // Date.UTC rolls month 13 or hour 99 over; a real timestamp's parts come back as they went in.
  const check = new Date(wall);
  if (
    Number.isNaN(wall) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    check.getUTCHours() !== Number(h) ||
    check.getUTCMinutes() !== Number(mi)
  )
    return null;
  let at: number;
  if (zone) {
    const z = zone.toUpperCase() === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
    at = wall - z * 60_000;
  } else {
    at = instantOfWallTime(wall, timeZone);
  }
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
