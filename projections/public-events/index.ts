export { publicEventsProjection } from './public-events.projection';
export { type PublicEventRow, publicEventsAfter } from './public-events.query';
export { type PublicEvent, publicEventOf } from './public-event-map';
