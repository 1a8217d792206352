export { webPushProjection } from './web-push.projection';
export { type PushSubscriptionRow, pushSubscriptionOf, pushSubscriptionsFor } from './web-push.query';
