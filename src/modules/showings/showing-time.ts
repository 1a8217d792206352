import { MAX_SHOWING_MINUTES } from '../../contract/showings';
import { validation } from '../../shared/errors';

export const ENDS_AFTER_START = 'A showing ends after it starts';
export const AT_MOST_8_HOURS = 'A showing lasts at most 8 hours';
export const IN_THE_FUTURE = 'Choose a time in the future';

/** A showing's time as the office sets it: ends after it starts, at most 8 hours, not in the past. */
export function checkShowingTime(start: string, end: string, now: string): void {
  const [s, e, n] = [Date.parse(start), Date.parse(end), Date.parse(now)];
  if (!(e > s)) throw validation(ENDS_AFTER_START);
  if (e - s > MAX_SHOWING_MINUTES * 60_000) throw validation(AT_MOST_8_HOURS);
  if (s <= n) throw validation(IN_THE_FUTURE);
}
