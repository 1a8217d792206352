export { accountStreamsProjection } from './account-streams.projection';
export { leadsOfAccount, streamsAbout } from './account-streams.query';
