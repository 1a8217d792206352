export { leadFeedProjection } from './lead-feed.projection';
export {
  contractLead,
  feedLead,
  feedPosition,
  findLead,
  type HomeNames,
  type LeadFilters,
  type LeadRow,
  leadPushesSince,
  leadSources,
  listLeads,
  type MissedPush,
  SINCE_LIMIT,
  timelineOf,
} from './lead-queries';
export { type BoardCard, boardCards, boardCounts, tagsInScope } from './board-queries';
export type { Viewer } from './lead-scope';
