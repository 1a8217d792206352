export { homeDigestProjection } from './home-digest.projection';
export { digestSubscribers } from './home-digest.query';
