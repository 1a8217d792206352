import type { People } from '../../api/backoffice';
import { formatPhone } from '../../lib/dashboardFormat';

const LEVELS: Readonly<Record<number, string>> = { 5: 'Lead', 10: 'Agent', 15: 'Broker', 25: 'Staff' };
export const levelName = (level: number): string => LEVELS[level] ?? `Level ${level}`;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
export const when = (iso: string | null): string => (iso ? dateTime.format(new Date(iso)) : '—');

export const dollars = (cents: number): string => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A person's name for tables: staff see names, not ids; an unknown id shows shortened. */
export const personName = (people: People, id: string | null): string => (id === null ? 'System' : (people[id]?.name ?? `${id.slice(0, 8)}…`));

export function timeLeft(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 1) return 'under a second';
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  return `${Math.ceil(seconds / 60)} min`;
}

/** The percentage a rebuild has reached; done is always 100 (events can arrive while it runs). */
export const percentOf = (p: { applied: number; total: number; phase: string }): number =>
  p.phase === 'done' ? 100 : p.total > 0 ? Math.min(99, Math.floor((p.applied / p.total) * 100)) : 0;

/** The back-office address of an account (a query on /dashboard/backoffice). */
export const accountHref = (userId: string, tab?: string) => `/dashboard/backoffice?user=${encodeURIComponent(userId)}${tab ? `&tab=${tab}` : ''}`;

/** A bare 10-digit phone is shown as ###-###-#### (spec section 5); no phone as a dash. */
export const phone = (p: string | null): string => formatPhone(p) || '—';
