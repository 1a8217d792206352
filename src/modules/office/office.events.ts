export * from './stages';
export * from './routing.events';
import { DEFAULT_STAGES, type StageMove } from './stages';

/**
 * An office's events, on the stream `office-{officeId}` (and an agent's bio on
 * `agentprofile-{agentId}`): who is in the rotation, who holds which listing, and what the
 * broker decided for the office. The lead router reads them through the lead_routing read model.
 */

/** A broker takes an agent out of the rotation (leave, left the office) or back in. Stream `office-{officeId}`. */
export type AgentDeactivated = { readonly type: 'AgentDeactivated'; readonly data: { readonly officeId: string; readonly agentId: string } };
export type AgentActivated = { readonly type: 'AgentActivated'; readonly data: { readonly officeId: string; readonly agentId: string } };

/**
 * The listing agent of a listing, for the listing-agent rule: linked by the broker, or by a feed
 * sync when the record's ListAgentMlsId is an agent's MLS id (AgentMlsIdChanged). Null agentId
 * removes the link.
 */
export type ListingAgentLinked = {
  readonly type: 'ListingAgentLinked';
  readonly data: { readonly officeId: string; readonly pdid: string; readonly agentId: string | null };
};

/** What a broker decides for the whole office. */
export type OfficeSettings = {
  /**
   * An agent may link a listing nobody in the office holds to themself (claim it, and its
   * listing-agent leads). Linking a held listing, or to another agent, is the broker's alone.
   */
  readonly agentsMayClaimListings: boolean;
  /** The office's pipeline, in board order (issue 15); the first stage is where new leads start. */
  readonly stages: readonly string[];
  /**
   * Lead pond (issue 15): with `enabled`, a lead nobody contacted within `claimWindowMinutes`
   * goes to the office pond for any agent to claim (0: new leads go straight to the pond).
   */
  readonly pond: { readonly enabled: boolean; readonly claimWindowMinutes: number };
  /** The broker gets a copy of every new-lead notice sent to the office's agents (speed to lead). */
  readonly copyBrokerOnNewLeads: boolean;
};

/**
 * Offices that never chose: agents may claim listings nobody holds (as before the setting
 * existed), the default pipeline, no pond, no copies to the broker.
 */
export const defaultOfficeSettings: OfficeSettings = {
  agentsMayClaimListings: true,
  stages: DEFAULT_STAGES,
  pond: { enabled: false, claimWindowMinutes: 15 },
  copyBrokerOnNewLeads: false,
};

/**
 * Only the settings that changed, with their new values. Stream `office-{officeId}`. With a new
 * `stages`, `stageMoves` says where the leads of each stage taken out go (a rename is a move to
 * the new name); the stage mover moves them (absent on changes without a pipeline).
 */
export type OfficeSettingsChanged = {
  readonly type: 'OfficeSettingsChanged';
  readonly data: { readonly officeId: string; readonly changes: Partial<OfficeSettings>; readonly stageMoves?: readonly StageMove[] };
};

/**
 * The agent's id at their MLS (what feeds send as ListAgentMlsId): a feed links the listings it
 * imports with that id to the agent (ListingAgentLinked), for the listing-agent rule. Null
 * clears it. Stream `agentprofile-{agentId}`.
 */
export type AgentMlsIdChanged = { readonly type: 'AgentMlsIdChanged'; readonly data: { readonly agentId: string; readonly mlsId: string | null } };

/**
 * An agent gave their own MLS id: it takes effect only once their broker confirms it (an
 * AgentMlsIdChanged with the same id), so an agent cannot take a colleague's id and with it the
 * colleague's listings. A later AgentMlsIdChanged ends the request. Stream `agentprofile-{agentId}`.
 */
export type AgentMlsIdRequested = { readonly type: 'AgentMlsIdRequested'; readonly data: { readonly agentId: string; readonly mlsId: string } };

/** The short bio agents show (collapsed to 100 px with 'read more'). Stream `agentprofile-{agentId}`. */
export type AgentBioChanged = { readonly type: 'AgentBioChanged'; readonly data: { readonly agentId: string; readonly bio: string } };

export type AgentProfileEvent = AgentBioChanged | AgentMlsIdChanged | AgentMlsIdRequested;

/** The heaviest round-robin weight: an agent of weight 3 takes three turns in a row before the next agent. */
export { MAX_ROUTING_WEIGHT } from '../../contract/office';

/**
 * An office's routing rules as data (issue 19): whether the listing agent of the listing a lead
 * asked about goes first, each agent's round-robin weight (1 when unnamed), who is off (out of the
 * rotation), and the pond (a claim window of 0 sends new leads straight to it). `version` counts
 * the office's rule changes: 0 is the rules an office starts with.
 */
export type RoutingRuleSet = {
  readonly version: number;
  readonly listingAgentFirst: boolean;
  readonly weights: Readonly<Record<string, number>>;
  readonly off: readonly string[];
  readonly pond: OfficeSettings['pond'];
};

/** What a broker chooses (the version is the office's to give). */
export type RoutingRulesInput = Omit<RoutingRuleSet, 'version'>;

/**
 * A broker (or staff) applied a set of routing rules to the office (from the routing simulation
 * screen): the whole rule set, its version, and who; when is the event's time. Stream `office-{officeId}`.
 */
export type RoutingRulesChanged = {
  readonly type: 'RoutingRulesChanged';
  readonly data: { readonly officeId: string; readonly version: number; readonly byUserId: string; readonly rules: RoutingRulesInput };
};

export const initialRoutingRuleSet: RoutingRuleSet = { version: 0, listingAgentFirst: true, weights: {}, off: [], pond: defaultOfficeSettings.pond };

/**
 * The office's rules after one of its events: RoutingRulesChanged sets them all; the older ways of
 * changing a rule (an agent taken out of the rotation or back, the pond changed in the routing
 * settings) change that rule and count as a version too. Other events leave the rules as they were
 * (the same object). The office, the lead_routing read model and the simulation fold with this one
 * function, so the version a lead was routed by means the same everywhere.
 */
export function evolveRoutingRuleSet(s: RoutingRuleSet, e: OfficeEvent): RoutingRuleSet {
  switch (e.type) {
    case 'RoutingRulesChanged':
      return { ...e.data.rules, version: e.data.version };
    case 'AgentDeactivated':
      return s.off.includes(e.data.agentId) ? s : { ...s, version: s.version + 1, off: [...s.off, e.data.agentId] };
    case 'AgentActivated':
      return s.off.includes(e.data.agentId) ? { ...s, version: s.version + 1, off: s.off.filter((id) => id !== e.data.agentId) } : s;
    case 'OfficeSettingsChanged':
      return e.data.changes.pond ? { ...s, version: s.version + 1, pond: e.data.changes.pond } : s;
    default:
      return s;
  }
}

export type OfficeEvent = AgentDeactivated | AgentActivated | ListingAgentLinked | OfficeSettingsChanged | RoutingRulesChanged;
export const officeEventTypes = [
  'AgentDeactivated',
  'AgentActivated',
  'ListingAgentLinked',
  'OfficeSettingsChanged',
  'RoutingRulesChanged',
] as const satisfies readonly OfficeEvent['type'][];

export const officeStream = (officeId: string) => `office-${officeId}`;
export const agentProfileStream = (agentId: string) => `agentprofile-${agentId}`;
