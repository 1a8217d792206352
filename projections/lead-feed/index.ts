export { leadFeedProjection } from './lead-feed.projection';
export { contractLead, feedLead, feedPosition, findLead, type LeadFilters, leadSources, listLeads, type MissedPush, pushesSince, SINCE_LIMIT, timelineOf } from './lead-queries';
export type { Viewer } from './lead-scope';
