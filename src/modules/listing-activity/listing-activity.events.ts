/**
 * The listing activity context's own events, on the listing's activity stream
 * `listing-activity-{pdid}` (the traffic itself comes from the leads' and organizer's events).
 */

/**
 * An agent e-mailed the listing's activity report to its seller: who sent it (byUserId), to whom
 * (the seller's name and address, typed by the agent: not necessarily a lead, so sealed under the
 * send's own key, see personal-fields.ts) and when (the event's time). The listing_report_mail
 * queue turns it into one e-mail; `sendId` is the request's id, so a retried request records nothing new.
 */
export type ListingReportEmailed = {
  readonly type: 'ListingReportEmailed';
  readonly data: {
    readonly sendId: string;
    readonly pdid: string;
    readonly byUserId: string;
    readonly sellerName: string;
    readonly sellerEmail: string;
    /** The agent's words to the seller, plain text; '' when none. */
    readonly note: string;
    /** When the signed link in the e-mail stops opening the report. */
    readonly expiresAt: string;
  };
};

/**
 * The agent forgot the seller of a report they e-mailed ("Forget this seller"): the send's key was
 * destroyed before this was appended, so its name, address and note read as erased everywhere.
 */
export type ListingReportSellerForgotten = {
  readonly type: 'ListingReportSellerForgotten';
  readonly data: { readonly sendId: string; readonly pdid: string; readonly byUserId: string };
};

export type ListingActivityEvent = ListingReportEmailed | ListingReportSellerForgotten;
export const listingActivityEventTypes = ['ListingReportEmailed', 'ListingReportSellerForgotten'] as const satisfies readonly ListingActivityEvent['type'][];
export const listingActivityStream = (pdid: string) => `listing-activity-${pdid}`;
