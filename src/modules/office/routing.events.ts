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

export const routingStream = (siteId: string) => `routing-${siteId}`;

/** The signal by which the lead_routing projection tells the router that leads wait (a hint: the router reads routing_pending). */
export const ROUTE_LEAD_PUSH = 'lead.route';
