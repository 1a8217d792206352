import { request } from '../../api/http';

/** An office's routing rules (GET/PUT /api/dashboard/routing/rules): versioned data, issue 19. */
export type RoutingRuleSet = {
  readonly version: number;
  readonly listingAgentFirst: boolean;
  /** Round-robin weight per agent id (1 when unnamed). */
  readonly weights: Readonly<Record<string, number>>;
  /** Agents out of the rotation. */
  readonly off: readonly string[];
  readonly pond: { readonly enabled: boolean; readonly claimWindowMinutes: number };
};
export type CandidateRules = Omit<RoutingRuleSet, 'version'>;

/** Where a lead went: an agent by a rule, or the pond (agentId null). */
export type Placement = { readonly agentId: string | null; readonly rule: string };

export type SimulationResult = {
  readonly from: string;
  readonly to: string;
  readonly inForce: RoutingRuleSet;
  readonly leads: number;
  readonly unfaithful: number;
  readonly agents: readonly { readonly agentId: string | null; readonly name: string; readonly actual: number; readonly candidate: number }[];
  readonly changed: readonly { readonly leadId: string; readonly fullName: string; readonly capturedAt: string; readonly actual: Placement; readonly candidate: Placement }[];
  readonly changedCount: number;
};

export const MAX_WEIGHT = 10;

export const routingSimulationApi = {
  rules: () => request<{ brokerId: string; rules: RoutingRuleSet }>('GET', '/api/dashboard/routing/rules'),
  simulate: (from: string, to: string, rules: CandidateRules) => request<SimulationResult>('POST', '/api/dashboard/routing/simulation', { from, to, rules }),
  apply: (rules: CandidateRules) => request<{ brokerId: string; rules: RoutingRuleSet }>('PUT', '/api/dashboard/routing/rules', { rules }),
};
