import type { OpenHouseEntry, OpenHouseStatus, OpenHouseType } from '../open-house';
import { RecordError, text } from './record-fields';

const MAX_OPEN_HOUSES = 50;
const MAX_HOURS = 24;
const KEY = /^[\x21-\x7e]{1,128}$/;
const TYPES = new Set<string>(['Public', 'Broker'] satisfies OpenHouseType[]);
const STATUSES = new Set<string>(['Active', 'Cancelled', 'Ended'] satisfies OpenHouseStatus[]);
/** RESO feeds spell the cancelled status both ways; the American one is read as the other. */
const STATUS_SPELLINGS: ReadonlyMap<unknown, OpenHouseStatus> = new Map([['Canceled', 'Cancelled']]);
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The record's `OpenHouse` list (RESO OpenHouse resource fields). A bad entry rejects the whole
 * record, like any bad field, with the entry's position: `OpenHouse[1].OpenHouseEndTime ...`.
 * OpenHouseType defaults to Public and OpenHouseStatus to Active when the feed leaves them out;
 * OpenHouseStatus `Canceled` is read as `Cancelled`.
 */
export function parseOpenHouses(v: unknown): OpenHouseEntry[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new RecordError('OpenHouse must be an array of open houses');
  if (v.length > MAX_OPEN_HOUSES) throw new RecordError(`OpenHouse has more than ${MAX_OPEN_HOUSES} items`);
  const seen = new Map<string, number>();
  return v.map((item: unknown, i) => {
    const at = `OpenHouse[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new RecordError(`${at} must be an object`);
    const o = item as Record<string, unknown>;
    const key = o.OpenHouseKey;
    if (typeof key !== 'string' || !KEY.test(key)) throw new RecordError(`${at}.OpenHouseKey must be 1 to 128 visible characters`);
    const first = seen.get(key);
    if (first !== undefined) throw new RecordError(`${at}.OpenHouseKey repeats OpenHouse[${first}]'s (${JSON.stringify(key)})`);
    seen.set(key, i);
    const start = dateTime(o.OpenHouseStartTime, `${at}.OpenHouseStartTime`);
    const end = dateTime(o.OpenHouseEndTime, `${at}.OpenHouseEndTime`);
    const hours = (Date.parse(end) - Date.parse(start)) / 3_600_000;
    if (!(hours > 0 && hours <= MAX_HOURS)) throw new RecordError(`${at}.OpenHouseEndTime must be after OpenHouseStartTime, by at most ${MAX_HOURS} hours`);
    return {
      OpenHouseKey: key,
      OpenHouseStartTime: start,
      OpenHouseEndTime: end,
      OpenHouseType: lookup(o.OpenHouseType, TYPES, 'Public', `${at}.OpenHouseType`) as OpenHouseType,
      OpenHouseRemarks: text(o, 'OpenHouseRemarks', 1000, `${at}.OpenHouseRemarks`),
      OpenHouseStatus: lookup(STATUS_SPELLINGS.get(o.OpenHouseStatus) ?? o.OpenHouseStatus, STATUSES, 'Active', `${at}.OpenHouseStatus`) as OpenHouseStatus,
    };
  });
}

function lookup(v: unknown, values: ReadonlySet<string>, absent: string, name: string): string {
  if (v === undefined || v === null) return absent;
  if (typeof v !== 'string' || !values.has(v)) throw new RecordError(`${name} must be one of ${[...values].join(', ')} (got ${JSON.stringify(v)})`);
  return v;
}

/**
 * An ISO 8601 date-time with its UTC offset, normalised to `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `Z`),
 * keeping the feed's offset: it is the listing's local time, which is what people are shown. A
 * time without an offset is refused, as no one could tell which moment it means.
 */
function dateTime(v: unknown, name: string): string {
  const m = typeof v === 'string' ? DATE_TIME.exec(v) : null;
  const bad = () => new RecordError(`${name} must be an ISO 8601 date-time with its UTC offset, e.g. 2026-11-28T13:00:00-08:00 (got ${JSON.stringify(v ?? null)})`);
  if (!m) throw bad();
  const [, y, mo, d, h, mi, s = '00', zone] = m as unknown as [string, string, string, string, string, string, string | undefined, string];
  const wall = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  const offsetOk = zone === 'Z' || (+zone.slice(1, 3) <= 14 && +zone.slice(-2) < 60);
  if (wall.toISOString().slice(0, 19) !== `${y}-${mo}-${d}T${h}:${mi}:${s}` || !offsetOk) throw bad();
  const offset = zone === 'Z' || /^[+-]00:?00$/.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`;
}
