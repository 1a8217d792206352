export { accountStreamsProjection } from './account-streams.projection';
export { streamsAbout } from './account-streams.query';
