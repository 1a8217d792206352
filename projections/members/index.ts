export { membersProjection } from './members.projection';
export { currentAccountOf, findMembers, findSites, memberById, memberCounts, peopleByIds, type Person, type SiteHit, sitesOwnedBy } from './members.query';
