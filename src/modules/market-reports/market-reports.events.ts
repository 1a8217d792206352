/** The market reports' events: what read models may know of this context. */

/** A lead asked for an area's market report every month ("Subscribe monthly" on /market/{area}). */
export type MarketReportSubscribed = {
  readonly type: 'MarketReportSubscribed';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly kind: 'city' | 'zip'; readonly slug: string; readonly label: string };
};

/**
 * The lead stopped an area's monthly report from the e-mail (its per-area link, or the one-click
 * List-Unsubscribe of an e-mail that held only that area's report): that area only, the lead's
 * other e-mail untouched.
 */
export type MarketReportUnsubscribed = {
  readonly type: 'MarketReportUnsubscribed';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly slug: string; readonly label: string; readonly how: 'link' | 'one-click' };
};

export type MarketSubscriptionEvent = MarketReportSubscribed | MarketReportUnsubscribed;
export const marketSubscriptionEventTypes = [
  'MarketReportSubscribed',
  'MarketReportUnsubscribed',
] as const satisfies readonly MarketSubscriptionEvent['type'][];
export const marketSubscriptionStream = (leadId: string) => `marketreport-${leadId}`;
