import type { Decider } from '../../../commands/decider';
import type { ListingActivityEvent, ListingReportEmailed } from '../listing-activity.events';

/** The reports already e-mailed from a listing's activity stream, by sendId. */
export type ReportMails = ReadonlySet<string>;

export type EmailReport = { readonly kind: 'email' } & ListingReportEmailed['data'];

/** A retried request (the same sendId) is already on the stream: nothing new is recorded, so nothing more is sent. */
export const reportMailDecider: Decider<ReportMails, EmailReport, ListingActivityEvent> = {
  initialState: () => new Set(),
  evolve: (s, e) => (e.type === 'ListingReportEmailed' ? new Set(s).add(e.data.sendId) : s),
  decide: ({ kind: _, ...data }, s) => (s.has(data.sendId) ? [] : [{ type: 'ListingReportEmailed', data }]),
};
