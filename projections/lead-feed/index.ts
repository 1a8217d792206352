export { leadFeedProjection } from './lead-feed.projection';
export { contractLead, feedLead, feedPosition, findLead, type LeadFilters, type LeadRow, leadPushesSince, leadSources, listLeads, type MissedPush, SINCE_LIMIT, timelineOf } from './lead-queries';
export type { Viewer } from './lead-scope';
export { pondLeads } from './pond-queries';
export { type OfficeContact, officeContacts } from './office-contacts.query';
