const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

type Clock = { readonly day: string; readonly time: string; readonly meridiem: 'AM' | 'PM' };

/**
 * When an open house is, for people: 'Sat, Nov 28, 1:00–3:00 PM' (`long`, the listing page) or
 * 'Sat, Nov 28, 1–3 PM' (`short`, alert e-mails). Read from the wall-clock digits of the times,
 * so it is the listing's local time at the offset the feed gave, whatever the reader's zone.
 * Pure: the web app and the server share it.
 */
export function openHouseWhen(start: string, end: string, style: 'long' | 'short'): string {
  const a = clockOf(start, style);
  const b = clockOf(end, style);
  if (!a || !b) return `${start}–${end}`;
  if (a.day !== b.day) return `${a.day}, ${a.time} ${a.meridiem}–${b.day}, ${b.time} ${b.meridiem}`;
  if (a.meridiem !== b.meridiem) return `${a.day}, ${a.time} ${a.meridiem}–${b.time} ${b.meridiem}`;
  return `${a.day}, ${a.time}–${b.time} ${b.meridiem}`;
}

/** One moment as its wall clock says at the offset it was written with: 'Sat, Nov 28, 1:00 PM' (as given when unreadable). */
export function wallClockWhen(iso: string): string {
  const c = clockOf(iso, 'long');
  return c ? `${c.day}, ${c.time} ${c.meridiem}` : iso;
}

function clockOf(iso: string, style: 'long' | 'short'): Clock | undefined {
  const m = WALL_CLOCK.exec(iso);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()];
  const month = MONTHS[mo - 1];
  if (!weekday || !month) return undefined;
  const hour = h % 12 || 12;
  const time = style === 'short' && mi === 0 ? `${hour}` : `${hour}:${String(mi).padStart(2, '0')}`;
  return { day: `${weekday}, ${month} ${d}`, time, meridiem: h < 12 ? 'AM' : 'PM' };
}

const LOCAL_DATE_AND_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T[\d:.]+(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * The end (epoch ms) of the local day an open house ends on: the next midnight at the offset the
 * feed wrote its end time with (the listing's local time). Until then the open house is still
 * "from today on" where the home is (contract section 3, `openhouse=1`), even once it is over.
 * A time it cannot read as a date with an offset counts until that time itself.
 */
export function openHouseDayEnd(end: string): number {
  const m = LOCAL_DATE_AND_OFFSET.exec(end);
  if (!m) return Date.parse(end);
  const [, y, mo, d, zone, sign, hh, mm] = m as unknown as [string, string, string, string, string, string | undefined, string | undefined, string | undefined];
  const offsetMinutes = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
  return Date.UTC(Number(y), Number(mo) - 1, Number(d) + 1) - offsetMinutes * 60_000;
}

/** Still to come or under way at `now` (epoch ms): an open house is past once it has ended. */
export const isUpcoming = (o: { readonly OpenHouseEndTime: string }, now: number): boolean => Date.parse(o.OpenHouseEndTime) > now;
