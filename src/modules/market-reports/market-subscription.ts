import type { Decider } from '../../commands/decider';

/** A lead asked for an area's market report every month ("Subscribe monthly" on /market/{area}). */
export type MarketReportSubscribed = {
  readonly type: 'MarketReportSubscribed';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly kind: 'city' | 'zip'; readonly slug: string; readonly label: string };
};

export type MarketSubscriptionEvent = MarketReportSubscribed;
export const marketSubscriptionStream = (leadId: string) => `marketreport-${leadId}`;

type Subscribed = ReadonlySet<string>;

/** Once per lead and area: the form sent again subscribes nobody twice. */
export const marketSubscriptionDecider: Decider<Subscribed, MarketReportSubscribed['data'], MarketSubscriptionEvent> = {
  initialState: () => new Set(),
  evolve: (s, e) => new Set([...s, e.data.slug]),
  decide: (c, s) => (s.has(c.slug) ? [] : [{ type: 'MarketReportSubscribed', data: c }]),
};
