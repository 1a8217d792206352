/**
 * Round robin state of a site, on the stream `routing-{siteId}`: each turn names the agent it
 * gave a lead to, so the next turn starts after them. Appended with the stream's expected
 * revision in the same atomic append as the LeadAssigned, so two leads never take one turn.
 */
export type RoundRobinTurnTaken = {
  readonly type: 'RoundRobinTurnTaken';
  readonly data: { readonly siteId: string; readonly leadId: string; readonly agentId: string };
};

export type RoutingEvent = RoundRobinTurnTaken;
export const routingEventTypes = ['RoundRobinTurnTaken'] as const satisfies readonly RoutingEvent['type'][];

/** A broker takes an agent out of the rotation (leave, left the office) or back in. Stream `office-{brokerId}`. */
export type AgentDeactivated = { readonly type: 'AgentDeactivated'; readonly data: { readonly brokerId: string; readonly agentId: string } };
export type AgentActivated = { readonly type: 'AgentActivated'; readonly data: { readonly brokerId: string; readonly agentId: string } };

/**
 * The listing agent of a listing, for the listing-agent rule: linked by the broker, or by a feed
 * sync when the record's ListAgentMlsId is an agent's MLS id (AgentMlsIdChanged). Null agentId
 * removes the link.
 */
export type ListingAgentLinked = {
  readonly type: 'ListingAgentLinked';
  readonly data: { readonly brokerId: string; readonly pdid: string; readonly agentId: string | null };
};

/** The short bio agents show (collapsed to 100 px with 'read more'). Stream `agentprofile-{agentId}`. */
export type AgentBioChanged = { readonly type: 'AgentBioChanged'; readonly data: { readonly agentId: string; readonly bio: string } };

/**
 * The agent's id at their MLS (what feeds send as ListAgentMlsId): a feed links the listings it
 * imports with that id to the agent (ListingAgentLinked), for the listing-agent rule. Null
 * clears it. Stream `agentprofile-{agentId}`.
 */
export type AgentMlsIdChanged = { readonly type: 'AgentMlsIdChanged'; readonly data: { readonly agentId: string; readonly mlsId: string | null } };

export type AgentProfileEvent = AgentBioChanged | AgentMlsIdChanged;

export type OfficeEvent = AgentDeactivated | AgentActivated | ListingAgentLinked;
export const officeEventTypes = ['AgentDeactivated', 'AgentActivated', 'ListingAgentLinked'] as const satisfies readonly OfficeEvent['type'][];

export const routingStream = (siteId: string) => `routing-${siteId}`;
export const officeStream = (brokerId: string) => `office-${brokerId}`;
export const agentProfileStream = (agentId: string) => `agentprofile-${agentId}`;

/** The in-process push (no rooms) by which the lead_routing projection asks the router to route a lead. */
export const ROUTE_LEAD_PUSH = 'lead.route';
