export { publicEventsProjection } from './public-events.projection';
export {
  lastPublicEventPosition,
  type PublicEventRow,
  publicEventsAfter,
  publicEventsAt,
  publicEventsInOrder,
  type ScopedPublicEvent,
} from './public-events.query';
export { type PublicEvent, publicEventOf } from './public-event-map';
