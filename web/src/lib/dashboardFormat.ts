/**
 * Dashboard display rules of the product description (section 9): relative times ('NOW',
 * mins, hours, days), dates from 2050-01-01 meaning ongoing or never, and phones as ###-###-####.
 */
export { formatPhone } from '../../../src/contract/phone';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const ONGOING_FROM = '2050-01-01';
export const ONGOING_LABEL = 'ongoing/never';

export function relativeTime(iso: string | null, now: number = Date.now()): string {
  if (!iso) return '—';
  if (iso.slice(0, 10) >= ONGOING_FROM) return ONGOING_LABEL;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '—';
  const ago = Math.max(0, now - t);
  if (ago < MINUTE) return 'NOW';
  if (ago < HOUR) return unit(Math.floor(ago / MINUTE), 'min');
  if (ago < DAY) return unit(Math.floor(ago / HOUR), 'hour');
  return unit(Math.floor(ago / DAY), 'day');
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A full date for titles and tooltips; 'ongoing/never' from 2050-01-01 on. */
export function fullDate(iso: string | null): string {
  if (!iso) return '—';
  if (iso.slice(0, 10) >= ONGOING_FROM) return ONGOING_LABEL;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';
