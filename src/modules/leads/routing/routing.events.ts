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
 * The listing agent of a listing, for the listing-agent rule. Listings from the feeds carry no
 * agent yet; when they carry ListAgentKey, an import step can append these from the agent's MLS
 * id. Null agentId removes the link.
 */
export type ListingAgentLinked = {
  readonly type: 'ListingAgentLinked';
  readonly data: { readonly brokerId: string; readonly pdid: string; readonly agentId: string | null };
};

/** What a broker decides for the whole office. */
export type OfficeSettings = {
  /**
   * An agent may link a listing nobody in the office holds to themself (claim it, and its
   * listing-agent leads). Linking a held listing, or to another agent, is the broker's alone.
   */
  readonly agentsMayClaimListings: boolean;
};

/** Offices that never chose: agents may claim listings nobody holds, as before the setting existed. */
export const defaultOfficeSettings: OfficeSettings = { agentsMayClaimListings: true };

/** Only the settings that changed, with their new values. Stream `office-{brokerId}`. */
export type OfficeSettingsChanged = {
  readonly type: 'OfficeSettingsChanged';
  readonly data: { readonly brokerId: string; readonly changes: Partial<OfficeSettings> };
};

/** The short bio agents show (collapsed to 100 px with 'read more'). Stream `agentprofile-{agentId}`. */
export type AgentBioChanged = { readonly type: 'AgentBioChanged'; readonly data: { readonly agentId: string; readonly bio: string } };

export type OfficeEvent = AgentDeactivated | AgentActivated | ListingAgentLinked | OfficeSettingsChanged;
export const officeEventTypes = ['AgentDeactivated', 'AgentActivated', 'ListingAgentLinked', 'OfficeSettingsChanged'] as const satisfies readonly OfficeEvent['type'][];

export const routingStream = (siteId: string) => `routing-${siteId}`;
export const officeStream = (brokerId: string) => `office-${brokerId}`;
export const agentProfileStream = (agentId: string) => `agentprofile-${agentId}`;

/** The in-process push (no rooms) by which the lead_routing projection asks the router to route a lead. */
export const ROUTE_LEAD_PUSH = 'lead.route';
