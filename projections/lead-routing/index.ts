export { leadRoutingProjection } from './lead-routing.projection';
export {
  agentsByMlsId,
  type ListingAgentScope,
  linkedListingAgent,
  listingAgentsIn,
  loadRoutingRules,
  type LogPosition,
  ruleSetAt,
  rosterUnder,
  siteRulesUnder,
  pendingLeads,
  type PendingLead,
  type RosterAgent,
  type RosterEntry,
  rosterFor,
  type RoutingRules,
} from './routing-rules.query';
export { type OfficeSite, officeSites, siteOffice } from './office-sites.query';
