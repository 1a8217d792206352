export { leadFeedProjection } from './lead-feed.projection';
export {
  contractLead,
  countLeads,
  feedLead,
  feedPosition,
  lostPushesFrom,
  findLead,
  leadFacets,
  leadPages,
  type LeadRow,
  leadPushesSince,
  leadSources,
  listLeads,
  type MissedPush,
  SINCE_LIMIT,
} from './lead-queries';
export { type LeadFilters, type LeadSort, type LeadSortKey, type TimeRange } from './lead-list-filter';
export { type CreatedKey, leadsCreatedAfter } from './lead-keyset.query';
export { type BoardCard, boardCards, boardCounts, tagsInScope } from './board-queries';
export type { Viewer } from '../lead-rows';
export { pondLeads } from './pond-queries';
export { type OfficeContact, officeContacts } from './office-contacts.query';
export { type LeadFoldCandidate, leadFoldCandidates, survivorOfLead } from './lead-merges.query';
export { quietLeadAccounts } from './retention.query';
export { leadUsersByEmail } from './users-by-email.query';
