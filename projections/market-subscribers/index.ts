export { marketSubscribersProjection } from './market-subscribers.projection';
export { type MarketSubscription, marketSubscriberLeads, marketSubscriptionsOf } from './market-subscribers.query';
