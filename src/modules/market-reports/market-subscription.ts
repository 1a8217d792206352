import type { Decider } from '../../commands/decider';
import type { MarketReportSubscribed, MarketReportUnsubscribed, MarketSubscriptionEvent } from './market-reports.events';

export { type MarketReportSubscribed, type MarketSubscriptionEvent, marketSubscriptionStream } from './market-reports.events';

/** The lead's areas followed now, by slug, with their labels. */
type Subscribed = ReadonlyMap<string, string>;

export type MarketSubscriptionCommand =
  | ({ readonly kind: 'subscribe' } & { readonly area: MarketReportSubscribed['data'] })
  | {
      readonly kind: 'unsubscribe';
      readonly leadId: string;
      readonly siteId: string;
      readonly slugs: readonly string[];
      readonly how: MarketReportUnsubscribed['data']['how'];
    };

export const evolveMarketSubscriptions = (s: Subscribed, e: MarketSubscriptionEvent): Subscribed => {
  const next = new Map(s);
  if (e.type === 'MarketReportSubscribed') next.set(e.data.slug, e.data.label);
  else next.delete(e.data.slug);
  return next;
};

/** Once per lead and area: the form sent again subscribes nobody twice, a link followed again stops nothing twice; stopped, it may be asked for again. */
export const marketSubscriptionDecider: Decider<Subscribed, MarketSubscriptionCommand, MarketSubscriptionEvent> = {
  initialState: () => new Map(),
  evolve: evolveMarketSubscriptions,
  decide: (c, s) => {
    if (c.kind === 'subscribe') return s.has(c.area.slug) ? [] : [{ type: 'MarketReportSubscribed', data: c.area }];
    return c.slugs
      .filter((slug) => s.has(slug))
      .map((slug) => ({ type: 'MarketReportUnsubscribed', data: { leadId: c.leadId, siteId: c.siteId, slug, label: s.get(slug)!, how: c.how } }));
  },
};
