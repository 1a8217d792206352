import type { OpenHouseEntry, OpenHouseStatus, OpenHouseType } from '../open-house';
import { formatAtOffset, formatInZone, parseFeedTime } from './feed-time';
import { type FieldReader, short } from './record-fields';

const MAX_OPEN_HOUSES = 50;
const MAX_HOURS = 24;
const KEY = /^[\x21-\x7e]{1,128}$/;
const TYPES = new Set<string>(['Public', 'Broker'] satisfies OpenHouseType[]);
const STATUSES = new Set<string>(['Active', 'Cancelled', 'Ended'] satisfies OpenHouseStatus[]);
/** RESO feeds spell the cancelled status both ways; the American one is read as the other. */
const STATUS_SPELLINGS: ReadonlyMap<unknown, OpenHouseStatus> = new Map([['Canceled', 'Cancelled']]);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

class BadEntry extends Error {}

/**
 * The record's open houses (RESO OpenHouse resource fields), under `OpenHouse` or `OpenHouses`,
 * a list or a single one. OpenHouseType defaults to Public and OpenHouseStatus to Active when the
 * feed leaves them out; OpenHouseStatus `Canceled` is read as `Cancelled`. Times without an
 * offset are read in the feed's time zone; with `localZone` (a feed's zone) every time is written
 * at that zone's offset, the listing's local time, which is what people are shown.
 *
 * Null when the list cannot be read (an entry without a key or times, two with one key): the
 * record still imports, with a warning, and the listing's open houses stay as they were, since
 * reading a broken list as empty would cancel them.
 */
export function parseOpenHouses(f: FieldReader, localZone: string | undefined): OpenHouseEntry[] | null {
  const field = f.r.OpenHouse !== undefined && f.r.OpenHouse !== null ? 'OpenHouse' : 'OpenHouses';
  const v = f.r[field];
  if (v === undefined || v === null) return [];
  const list: unknown[] = Array.isArray(v) ? v : [v];
  try {
    if (list.length > MAX_OPEN_HOUSES) throw new BadEntry(`${field} has more than ${MAX_OPEN_HOUSES} items`);
    const seen = new Map<string, number>();
    return list.map((item: unknown, i) => {
      const at = `${field}[${i}]`;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new BadEntry(`${at} must be an object`);
      const o = item as Record<string, unknown>;
      const key = typeof o.OpenHouseKey === 'number' ? String(o.OpenHouseKey) : o.OpenHouseKey;
      if (typeof key !== 'string' || !KEY.test(key)) throw new BadEntry(`${at}.OpenHouseKey must be 1 to 128 visible characters`);
      const first = seen.get(key);
      if (first !== undefined) throw new BadEntry(`${at}.OpenHouseKey repeats ${field}[${first}]'s (${JSON.stringify(key)})`);
      seen.set(key, i);
      const start = dateTime(o.OpenHouseStartTime, `${at}.OpenHouseStartTime`, f.timeZone, localZone);
      const end = dateTime(o.OpenHouseEndTime, `${at}.OpenHouseEndTime`, f.timeZone, localZone);
      const hours = (end.ms - start.ms) / 3_600_000;
      if (!(hours > 0 && hours <= MAX_HOURS)) throw new BadEntry(`${at}.OpenHouseEndTime must be after OpenHouseStartTime, by at most ${MAX_HOURS} hours`);
      return {
        OpenHouseKey: key,
        OpenHouseStartTime: start.text,
        OpenHouseEndTime: end.text,
        OpenHouseType: lookup(o.OpenHouseType, TYPES, 'Public', `${at}.OpenHouseType`) as OpenHouseType,
        OpenHouseRemarks: f.text('OpenHouseRemarks', 1000, `${at}.OpenHouseRemarks`, o),
        OpenHouseStatus: lookup(STATUS_SPELLINGS.get(o.OpenHouseStatus) ?? o.OpenHouseStatus, STATUSES, 'Active', `${at}.OpenHouseStatus`) as OpenHouseStatus,
      };
    });
  } catch (err) {
    if (!(err instanceof BadEntry)) throw err;
    f.warn(`${err.message}; the open houses were left as they were`);
    return null;
  }
}

function lookup(v: unknown, values: ReadonlySet<string>, absent: string, name: string): string {
  if (v === undefined || v === null) return absent;
  if (typeof v !== 'string' || !values.has(v)) throw new BadEntry(`${name} must be one of ${[...values].join(', ')} (got ${short(v)})`);
  return v;
}

/**
 * An ISO 8601 date-time, normalised to `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `Z`). Without `localZone`
 * it keeps the offset the feed wrote (a time without one is read in `timeZone`).
 */
function dateTime(v: unknown, name: string, timeZone: string, localZone: string | undefined): { ms: number; text: string } {
  const t = typeof v === 'string' && DATE_TIME.test(v.trim()) ? parseFeedTime(v, timeZone) : undefined;
  if (!t) throw new BadEntry(`${name} must be an ISO 8601 date-time, e.g. 2026-11-28T13:00:00-08:00 (got ${short(v ?? null)})`);
  const ms = Math.floor(t.ms / 1000) * 1000;
  if (localZone !== undefined || t.offset === null) return { ms, text: formatInZone(ms, localZone ?? timeZone) };
  return { ms, text: formatAtOffset(ms, t.offset) };
}
