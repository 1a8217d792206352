import type { Decider } from '../../commands/decider';
import { assertNever, forbidden, validation } from '../../shared/errors';
import { isClaimWindow, isRoutingWeight, OFFICE_MESSAGES } from '../../contract/office';
import {
  defaultOfficeSettings,
  evolveRoutingRuleSet,
  initialRoutingRuleSet,
  nextPipeline,
  type OfficeEvent,
  type OfficeSettings,
  type Pipeline,
  type RoutingRuleSet,
  type RoutingRulesInput,
} from './office.events';

/**
 * A broker's office as its stream says: who is out of the rotation, listing agents, its settings,
 * and where the leads of stages taken out of its pipeline belong (`stageMoves`, see stages.ts).
 */
export type Office = {
  readonly inactive: ReadonlySet<string>;
  readonly listingAgents: ReadonlyMap<string, string>;
  readonly settings: OfficeSettings;
  readonly stageMoves: Pipeline['moves'];
  /** The routing rules in force and their version (issue 19). */
  readonly rules: RoutingRuleSet;
};

export const initialOffice = (): Office => ({
  inactive: new Set(),
  listingAgents: new Map(),
  settings: defaultOfficeSettings,
  stageMoves: {},
  rules: initialRoutingRuleSet,
});

/** The office's pipeline: its stages in board order and where leads of stages no longer in it go. */
export const pipelineOf = (office: Office): Pipeline => ({ stages: office.settings.stages, moves: office.stageMoves });

export function evolveOffice(before: Office, e: OfficeEvent): Office {
  const state = { ...before, rules: evolveRoutingRuleSet(before.rules, e) };
  switch (e.type) {
    case 'RoutingRulesChanged':
      return { ...state, inactive: new Set(e.data.rules.off), settings: { ...state.settings, pond: e.data.rules.pond } };
    case 'AgentDeactivated':
      return { ...state, inactive: new Set([...state.inactive, e.data.agentId]) };
    case 'AgentActivated':
      return { ...state, inactive: new Set([...state.inactive].filter((id) => id !== e.data.agentId)) };
    case 'ListingAgentLinked': {
      const listingAgents = new Map(state.listingAgents);
      if (e.data.agentId === null) listingAgents.delete(e.data.pdid);
      else listingAgents.set(e.data.pdid, e.data.agentId);
      return { ...state, listingAgents };
    }
    case 'OfficeSettingsChanged': {
      const settings = { ...state.settings, ...e.data.changes };
      if (!e.data.changes.stages) return { ...state, settings };
      return { ...state, settings, stageMoves: nextPipeline(pipelineOf(state), settings.stages, e.data.stageMoves ?? []).moves };
    }
    default:
      return assertNever(e);
  }
}

/**
 * Who asks, as the caller established it: the office's broker, staff, or an agent of the office
 * (the caller has checked that the agent named in a command is one of the broker's).
 */
export type OfficeActor = { readonly role: 'broker' | 'staff' | 'agent'; readonly userId: string };

export type OfficeCommand =
  | { readonly kind: 'set-active'; readonly officeId: string; readonly agentId: string; readonly active: boolean; readonly by: OfficeActor }
  | {
      readonly kind: 'link-listing';
      readonly officeId: string;
      readonly pdid: string;
      readonly agentId: string | null;
      readonly by: OfficeActor;
      /** The agent of the office whose MLS id in force the listing names as ListAgentMlsId, as the caller read it (null: none). */
      readonly mlsHolder: string | null;
    }
  | { readonly kind: 'change-settings'; readonly officeId: string; readonly changes: Partial<OfficeSettings>; readonly by: OfficeActor }
  | { readonly kind: 'apply-routing-rules'; readonly officeId: string; readonly rules: RoutingRulesInput; readonly by: OfficeActor };

export { isClaimWindow, isRoutingWeight, MAX_CLAIM_WINDOW_MINUTES, OFFICE_MESSAGES } from '../../contract/office';

/**
 * Who may change a listing's agent: the broker (or staff), any way they like; an agent only by
 * claiming, for themself, a listing nobody in the office holds (by link or by MLS id), and only where the office allows
 * claims. Otherwise an agent could take a listing (and its leads) the broker gave someone else.
 */
function decideLinkListing(c: Extract<OfficeCommand, { kind: 'link-listing' }>, state: Office): OfficeEvent[] {
  const holder = state.listingAgents.get(c.pdid) ?? null;
  if (holder === c.agentId) return [];
  if (c.by.role === 'agent') {
    if (c.agentId === null) throw forbidden(OFFICE_MESSAGES.unlink);
    if (c.agentId !== c.by.userId) throw forbidden(OFFICE_MESSAGES.linkOther);
    // Held by a link, or by a colleague's MLS id that the listing names (never linked: imported before the id was set).
    if (holder !== null || (c.mlsHolder !== null && c.mlsHolder !== c.agentId)) throw forbidden(OFFICE_MESSAGES.held);
    if (!state.settings.agentsMayClaimListings) throw forbidden(OFFICE_MESSAGES.claimsOff);
  }
  return [{ type: 'ListingAgentLinked', data: { officeId: c.officeId, pdid: c.pdid, agentId: c.agentId } }];
}

/** Settings are plain data (the pond is an object, the stages a list): compared by value, whatever the key order. */
const byValue = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );

/** Only changes become events: deactivating an inactive agent, or linking the same agent again, appends nothing. */
export function decideOffice(c: OfficeCommand, state: Office): OfficeEvent[] {
  switch (c.kind) {
    case 'set-active': {
      const isActive = !state.inactive.has(c.agentId);
      if (isActive === c.active) return [];
      const off = c.active ? state.rules.off.filter((id) => id !== c.agentId) : [...state.rules.off, c.agentId];
      return [rulesChanged(state, c.officeId, c.by, { off })];
    }
    case 'link-listing':
      return decideLinkListing(c, state);
    case 'change-settings': {
      if (c.by.role === 'agent') throw forbidden(OFFICE_MESSAGES.settings);
      const w = c.changes.pond?.claimWindowMinutes;
      if (w !== undefined && !isClaimWindow(w)) throw validation(OFFICE_MESSAGES.claimWindow);
      const same = (k: string, v: unknown) => byValue(state.settings[k as keyof OfficeSettings]) === byValue(v);
      const { pond, ...changes }: Partial<OfficeSettings> = Object.fromEntries(Object.entries(c.changes).filter(([k, v]) => !same(k, v)));
      // The pond is a routing rule: its change is a new version of the rules (issue 19); the rest are plain settings.
      return [
        ...(Object.keys(changes).length === 0 ? [] : [{ type: 'OfficeSettingsChanged' as const, data: { officeId: c.officeId, changes } }]),
        ...(pond ? [rulesChanged(state, c.officeId, c.by, { pond })] : []),
      ];
    }
    case 'apply-routing-rules':
      return decideApplyRoutingRules(c, state);
    default:
      return assertNever(c);
  }
}

/** Weights of 1 are the default: left out, so the same rules always read the same. */
export function normalRules(r: RoutingRulesInput): RoutingRulesInput {
  const weights = Object.fromEntries(
    Object.entries(r.weights)
      .filter(([, w]) => w !== 1)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return {
    listingAgentFirst: r.listingAgentFirst,
    weights,
    off: [...new Set(r.off)].sort(),
    pond: { enabled: r.pond.enabled, claimWindowMinutes: r.pond.claimWindowMinutes },
  };
}

/** One routing rule changed (an agent in or out of the rotation, the pond): the office's whole rule set after it, as its next version. */
function rulesChanged(state: Office, officeId: string, by: OfficeActor, change: Partial<RoutingRulesInput>): OfficeEvent {
  const { version, ...current } = state.rules;
  return { type: 'RoutingRulesChanged', data: { officeId, version: version + 1, byUserId: by.userId, rules: normalRules({ ...current, ...change }) } };
}

/**
 * A broker (or staff) applies a rule set to the office: RoutingRulesChanged with the next
 * version and who; the same rules as in force append nothing (a double click).
 */
function decideApplyRoutingRules(c: Extract<OfficeCommand, { kind: 'apply-routing-rules' }>, state: Office): OfficeEvent[] {
  if (c.by.role === 'agent') throw forbidden(OFFICE_MESSAGES.settings);
  if (!isClaimWindow(c.rules.pond.claimWindowMinutes)) throw validation(OFFICE_MESSAGES.claimWindow);
  if (!Object.values(c.rules.weights).every(isRoutingWeight)) throw validation(OFFICE_MESSAGES.weight);
  const rules = normalRules(c.rules);
  const { version, ...current } = state.rules;
  if (byValue(normalRules(current)) === byValue(rules)) return [];
  return [{ type: 'RoutingRulesChanged', data: { officeId: c.officeId, version: version + 1, byUserId: c.by.userId, rules } }];
}

export const officeDecider: Decider<Office, OfficeCommand, OfficeEvent> = { initialState: initialOffice, evolve: evolveOffice, decide: decideOffice };
