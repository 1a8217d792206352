import type { Decider } from '../../commands/decider';
import type { MarketReportSubscribed, MarketSubscriptionEvent } from './market-reports.events';

export { type MarketReportSubscribed, type MarketSubscriptionEvent, marketSubscriptionStream } from './market-reports.events';

type Subscribed = ReadonlySet<string>;

/** Once per lead and area: the form sent again subscribes nobody twice. */
export const marketSubscriptionDecider: Decider<Subscribed, MarketReportSubscribed['data'], MarketSubscriptionEvent> = {
  initialState: () => new Set(),
  evolve: (s, e) => new Set([...s, e.data.slug]),
  decide: (c, s) => (s.has(c.slug) ? [] : [{ type: 'MarketReportSubscribed', data: c }]),
};
