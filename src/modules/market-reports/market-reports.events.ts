/** The market reports' events: what read models may know of this context. */

/** A lead asked for an area's market report every month ("Subscribe monthly" on /market/{area}). */
export type MarketReportSubscribed = {
  readonly type: 'MarketReportSubscribed';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly kind: 'city' | 'zip'; readonly slug: string; readonly label: string };
};

export type MarketSubscriptionEvent = MarketReportSubscribed;
export const marketSubscriptionStream = (leadId: string) => `marketreport-${leadId}`;
