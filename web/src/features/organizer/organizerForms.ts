import { ApiError } from '../../api/http';
import type { Translate } from '../../ui/translations';

/** Outside a page (tests, English): the catalogue's English as it is. */
const english: Translate = (_id, en) => en;

/**
 * A datetime-local value (the lead's own clock) as the ISO instant the schedule route takes, or
 * what to tell the lead. `now` is passed in so the rule is testable.
 */
export function preferredAtIso(local: string, now: Date, t: Translate = english): { readonly iso: string } | { readonly error: string } {
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local) ? new Date(local) : null;
  if (!at || Number.isNaN(at.getTime())) return { error: t('showing.atMissing', 'Please choose a date and time') };
  if (at.getTime() <= now.getTime()) return { error: t('showing.atPast', 'Please choose a time in the future') };
  return { iso: at.toISOString() };
}

/** A datetime-local value for a moment, in the lead's own clock (the input's min). */
export function localInputValue(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}T${p(at.getHours())}:${p(at.getMinutes())}`;
}

/**
 * What a form says when the server refuses: its own message for what the lead can fix (a bad
 * address, too many requests), a plain sentence otherwise. 401 is handled before (sign in).
 */
export function formErrorMessage(err: unknown, t: Translate = english): string {
  if (!(err instanceof ApiError) || err.status === 0) return t('organizer.unreachable', 'The server cannot be reached; please try again.');
  if (err.status === 429)
    return err.message && err.message !== 'Too Many Requests' ? err.message : t('organizer.tooMany', 'Too many requests; please wait a moment and try again.');
  if (err.status >= 400 && err.status < 500) return err.message;
  return t('organizer.wentWrong', 'Something went wrong; please try again.');
}
