import { localDate } from '../../../../../src/contract/tasks';
import type { ShowingStatus } from '../../../../../src/contract/showings';

export const STATUS_LABEL: Record<ShowingStatus, string> = { requested: 'Requested', confirmed: 'Confirmed', cancelled: 'Cancelled', done: 'Done' };

/** '2:00 PM' on `zone`'s clock. */
export const clockTime = (iso: string, zone: string) => new Date(iso).toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
/** 'Tue, Mar 12, 2:00 – 2:30 PM'-like: the day and both times on `zone`'s clock. */
export const timeRange = (start: string, end: string, zone: string) =>
  `${new Date(start).toLocaleDateString('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' })}, ${clockTime(start, zone)} – ${clockTime(end, zone)}`;

const DAY = 24 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** Local dates as 'YYYY-MM-DD', moved by whole days (calendar arithmetic on the date alone). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`).getTime() + days * DAY;
  const x = new Date(d);
  return `${x.getUTCFullYear()}-${pad(x.getUTCMonth() + 1)}-${pad(x.getUTCDate())}`;
}
/** The Monday of the week holding `date`. */
export const mondayOf = (date: string): string => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
/** 'Mon, Mar 11' for a local date. */
export const dayTitle = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
export const isDate = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
/** Today's local date in `zone`. */
export const today = (zone: string, now = Date.now()) => localDate(new Date(now), zone);
/** The local date in `zone` an instant falls on. */
export const dateIn = (iso: string, zone: string) => localDate(new Date(iso), zone);
