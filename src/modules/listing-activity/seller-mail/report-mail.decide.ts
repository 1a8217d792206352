import type { Decider } from '../../../commands/decider';
import { notFound } from '../../../shared/errors';
import type { ListingActivityEvent, ListingReportEmailed } from '../listing-activity.events';

/** The reports already e-mailed from a listing's activity stream, by sendId. */
export type ReportMails = ReadonlySet<string>;

export type EmailReport = { readonly kind: 'email' } & ListingReportEmailed['data'];
export type ForgetSeller = { readonly kind: 'forget'; readonly sendId: string; readonly pdid: string; readonly byUserId: string };

export const NO_SUCH_REPORT_MAIL = 'No such report e-mail on this listing';

/** The sends on the stream, and those whose seller was forgotten. */
export type ReportMailsState = { readonly sent: ReportMails; readonly forgotten: ReportMails };

/**
 * A retried request (the same sendId) is already on the stream: nothing new is recorded, so
 * nothing more is sent. Forgetting a seller is recorded once per send; an unknown send is 404.
 */
export const reportMailDecider: Decider<ReportMailsState, EmailReport | ForgetSeller, ListingActivityEvent> = {
  initialState: () => ({ sent: new Set(), forgotten: new Set() }),
  evolve: (s, e) =>
    e.type === 'ListingReportEmailed' ? { ...s, sent: new Set(s.sent).add(e.data.sendId) } : { ...s, forgotten: new Set(s.forgotten).add(e.data.sendId) },
  decide: (c, s) => {
    if (c.kind === 'forget') {
      if (!s.sent.has(c.sendId)) throw notFound(NO_SUCH_REPORT_MAIL);
      return s.forgotten.has(c.sendId) ? [] : [{ type: 'ListingReportSellerForgotten', data: { sendId: c.sendId, pdid: c.pdid, byUserId: c.byUserId } }];
    }
    const { kind: _, ...data } = c;
    return s.sent.has(data.sendId) ? [] : [{ type: 'ListingReportEmailed', data }];
  },
};
