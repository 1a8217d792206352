export { webPushProjection } from './web-push.projection';
export { type PushSubscriptionRow, pushSubscriptionsFor } from './web-push.query';
