import { validation } from '../../../shared/errors';

const DAY = 86_400_000;
/** A report looks back 12 weeks unless asked otherwise, and never more than two years at once. */
export const DEFAULT_REPORT_DAYS = 84;
export const MAX_REPORT_DAYS = 731;

/**
 * The period a report covers, in whole UTC days: `from` inclusive, `to` inclusive (the day
 * `to` names counts), defaulting to the 12 weeks up to today.
 */
export function reportRange(q: { readonly from?: string; readonly to?: string }, now: Date): { from: Date; to: Date } {
  const day = (s: string) => {
    const d = new Date(`${s}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) throw validation(`${s} is not a date`);
    return d;
  };
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const to = new Date((q.to ? day(q.to) : today).getTime() + DAY);
  const from = q.from ? day(q.from) : new Date(to.getTime() - DEFAULT_REPORT_DAYS * DAY);
  if (from >= to) throw validation('The report must start before it ends');
  if (to.getTime() - from.getTime() > MAX_REPORT_DAYS * DAY) throw validation('A report covers at most two years');
  return { from, to };
}
