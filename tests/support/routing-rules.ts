import type { RoutingRules } from '../../src/modules/office/routing-rules';

/** A broker's site as the lead_routing read model answers it: office B, agents A1 and A3 active, A2 not, no listing agent, no pond first. */
export const officeRules = (siteId: string): RoutingRules => ({
  siteId,
  kind: 'broker',
  ownerId: 'B',
  ownerOfficeId: null,
  roster: [
    { agentId: 'A1', active: true, weight: 1 },
    { agentId: 'A2', active: false, weight: 1 },
    { agentId: 'A3', active: true, weight: 1 },
  ],
  listingAgentId: null,
  pondFirst: false,
  listingAgentFirst: true,
  version: 1,
});
