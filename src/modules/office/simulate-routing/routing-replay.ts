import { type RoutingRules, siteRulesUnder } from '../../../../projections/lead-routing';
import type { StoredEvent } from '../../../shared/event';
import type { UserRegistered } from '../../accounts';
import {
  evolveRoutingRuleSet,
  initialRoutingRuleSet,
  type OfficeEvent,
  officeEventTypes,
  officeStream,
  type RoundRobinTurnTaken,
  type RoutingRuleSet,
  type RoutingRulesInput,
} from '../office.events';
import { type LeadAssigned, type LeadCaptured, type LeadPutInPond, type RoutingRule } from '../../leads/leads.events';
import type { SiteCreated } from '../../sites';
import { capturedLead, decideAssignLead, initialRotation, type RoutableLead, type Rotation } from '../route-lead/assign-lead.decide';
import { nextTurn } from '../routing-rules';
import {
  evolveLeadFlow,
  initialLeadFlow,
  type LeadFlow,
  type LeadFlowChanged,
  leadFlowTargetFor,
  type LeadFlowTarget,
} from '../../integrations/integrations.events';

/** Where a lead went: an agent (or the broker) by a rule, or the office pond (`agentId` null). */
export type Placement = { readonly agentId: string | null; readonly rule: RoutingRule | 'pond-first' };

export type ReplayedLead = {
  readonly leadId: string;
  readonly capturedAt: string;
  /**
   * The lead's LeadCaptured as read (personal fields maybe sealed: only the leads shown are
   * opened), kept for the first `keep` leads the candidate places elsewhere only (memory).
   */
  readonly captured: StoredEvent<LeadCaptured> | null;
  /** What really happened (the LeadAssigned or LeadPutInPond in the log). */
  readonly happened: Placement;
  /** The same pure decider under the rules that were in force when the lead came in. */
  readonly actual: Placement;
  readonly candidate: Placement;
};

export type ReplayResult = {
  /** The office's rules in force at the end of the log read (what the candidate would replace). */
  readonly inForce: RoutingRuleSet;
  readonly leads: readonly ReplayedLead[];
  /** Agents of the office, in roster order, with their UserRegistered (for their names; maybe sealed). */
  readonly agents: readonly { readonly agentId: string; readonly registered: StoredEvent<UserRegistered> }[];
};

/** The event types a replay reads from the log (everything routing decides by). */
export const replayEventTypes = [
  'UserRegistered',
  'SiteCreated',
  ...officeEventTypes,
  'LeadCaptured',
  'LeadAssigned',
  'LeadPutInPond',
  'RoundRobinTurnTaken',
  'LeadFlowChanged',
] as const;

type ReplayEvent = UserRegistered | SiteCreated | OfficeEvent | LeadCaptured | LeadAssigned | LeadPutInPond | RoundRobinTurnTaken | LeadFlowChanged;
type Site = { readonly siteId: string; readonly kind: 'broker' | 'brand'; readonly ownerId: string; readonly ownerOfficeId: null };
/** `flow`: the office's lead flow for the lead's source when it came in (both the actual and the candidate rules keep it). */
type Waiting = { readonly captured: StoredEvent<LeadCaptured>; readonly rules: RoutingRuleSet; readonly flow: LeadFlowTarget; readonly inPeriod: boolean };

const AGENT_LEVEL = 10;

/**
 * A read-only replay of one office's lead routing (issue 19): fed the log's events in log order
 * (of `replayEventTypes`, any office), it rebuilds what the router knew (the office's agents in
 * joining order, its listing links, each site's rotation, the rule set in force when each lead
 * came in) and, at the moment each lead of the period was really routed, decides it with the
 * router's own pure decider twice: under the rules in force then (`actual`, which must equal what
 * happened) and under the candidate rules (`candidate`), each with its own rotation from the
 * period's start. Leads placed by hand and leads of agents' own sites are not routed by rules
 * and are left out. Nothing is written anywhere.
 */
export class RoutingReplay {
  private readonly agents: { agentId: string; registered: StoredEvent<UserRegistered>; joined: bigint }[] = [];
  /** Site rules built once per rule set, site and listing agent (rule sets are immutable; a new agent clears it). */
  private readonly siteRules = new Map<RoutingRuleSet, Map<string, RoutingRules>>();
  private readonly sites = new Map<string, Site>();
  private readonly links = new Map<string, string>();
  private rules: RoutingRuleSet = initialRoutingRuleSet;
  private flow: LeadFlow = initialLeadFlow();
  private readonly waiting = new Map<string, Waiting>();
  private readonly actualTurns = new Map<string, Rotation>();
  private readonly candidateTurns = new Map<string, Rotation>();
  private readonly replayed: ReplayedLead[] = [];
  private readonly decided = new Set<string>();
  private readonly candidate: RoutingRuleSet;
  private readonly office: string;
  private kept = 0;
  /** Leads of the period not placed yet (one never placed keeps the reader going to the log's end). */
  private waitingInPeriod = 0;

  constructor(
    private readonly officeId: string,
    private readonly period: { readonly from: Date; readonly to: Date },
    candidate: RoutingRulesInput,
    private readonly keep = 500,
  ) {
    this.office = officeStream(officeId);
    this.candidate = { ...candidate, version: -1 };
  }

  /** Events after this instant cannot change the period's result (its leads are routed within seconds): the reader may stop. */
  done(e: StoredEvent): boolean {
    return Date.parse(e.metadata.at) > this.period.to.getTime() + 3_600_000 && this.waitingInPeriod === 0;
  }

  feed(stored: StoredEvent): void {
    const e = stored as StoredEvent<ReplayEvent>;
    switch (e.type) {
      case 'UserRegistered':
        if (e.data.officeId === this.officeId && e.data.securityLevel === AGENT_LEVEL) {
          const joined = e.globalPosition;
          const at = this.agents.findIndex((a) => a.joined > joined);
          const agent = { agentId: e.data.userId, registered: e, joined };
          if (at < 0) this.agents.push(agent);
          else this.agents.splice(at, 0, agent);
          this.siteRules.clear();
        }
        return;
      case 'SiteCreated':
        if (e.data.ownerUserId === this.officeId && e.data.kind !== 'agent') {
          this.sites.set(e.data.siteId, { siteId: e.data.siteId, kind: e.data.kind, ownerId: this.officeId, ownerOfficeId: null });
        }
        return;
      case 'LeadCaptured':
        if (this.sites.has(e.data.siteId)) {
          const at = Date.parse(e.metadata.at);
          const inPeriod = at >= this.period.from.getTime() && at < this.period.to.getTime();
          if (inPeriod && !this.waiting.has(e.data.leadId)) this.waitingInPeriod++;
          this.waiting.set(e.data.leadId, { captured: e, rules: this.rules, flow: leadFlowTargetFor(this.flow, e.data.source), inPeriod });
        }
        return;
      case 'LeadAssigned':
      case 'LeadPutInPond':
        this.routed(e);
        return;
      case 'LeadFlowChanged':
        if (e.data.officeId === this.officeId) this.flow = evolveLeadFlow(this.flow, e);
        return;
      case 'RoundRobinTurnTaken':
        // A turn of a lead the replay decides itself is replaced by the replay's; any other (a lead before the period) moves both rotations.
        if (this.sites.has(e.data.siteId) && !this.decided.has(e.data.leadId)) {
          this.actualTurns.set(e.data.siteId, nextTurn(this.actualTurns.get(e.data.siteId) ?? initialRotation(), e.data.agentId));
          this.candidateTurns.set(e.data.siteId, nextTurn(this.candidateTurns.get(e.data.siteId) ?? initialRotation(), e.data.agentId));
        }
        return;
      default:
        if (e.streamId !== this.office) return;
        this.rules = evolveRoutingRuleSet(this.rules, e);
        if (e.type === 'ListingAgentLinked') {
          if (e.data.agentId === null) this.links.delete(e.data.pdid);
          else this.links.set(e.data.pdid, e.data.agentId);
        }
    }
  }

  result(): ReplayResult {
    return { inForce: this.rules, leads: this.replayed, agents: this.agents.map(({ agentId, registered }) => ({ agentId, registered })) };
  }

  /** The lead's first placement: decided again, as the router decided it at this moment of the log. */
  private routed(e: StoredEvent<LeadAssigned | LeadPutInPond>): void {
    const w = this.waiting.get(e.data.leadId);
    if (!w) return;
    this.waiting.delete(e.data.leadId);
    if (w.inPeriod) this.waitingInPeriod--;
    if (!w.inPeriod || (e.type === 'LeadAssigned' && e.data.rule === 'manual')) return;
    const happened: Placement = e.type === 'LeadAssigned' ? { agentId: e.data.agentId, rule: e.data.rule } : { agentId: null, rule: 'pond-first' };
    this.decided.add(e.data.leadId);
    const lead = capturedLead(w.captured);
    const actual = this.decide(w, lead, w.rules, this.actualTurns);
    const candidate = this.decide(w, lead, this.candidate, this.candidateTurns);
    const changed = happened.agentId !== candidate.agentId || happened.rule !== candidate.rule;
    const captured = changed && this.kept < this.keep ? w.captured : null;
    if (captured) this.kept++;
    this.replayed.push({ leadId: e.data.leadId, capturedAt: w.captured.metadata.at, captured, happened, actual, candidate });
  }

  private decide(w: Waiting, lead: RoutableLead, rules: RoutingRuleSet, turns: Map<string, Rotation>): Placement {
    const captured = w.captured.data;
    const site = this.sites.get(captured.siteId)!;
    const listingAgentId = captured.listingPdid ? (this.links.get(captured.listingPdid) ?? null) : null;
    const byRules = this.siteRules.get(rules) ?? new Map<string, RoutingRules>();
    this.siteRules.set(rules, byRules);
    const key = `${site.siteId} ${listingAgentId ?? ''}`;
    let siteRules = byRules.get(key);
    if (!siteRules) {
      siteRules = siteRulesUnder(
        site,
        this.agents.map((a) => a.agentId),
        rules,
        listingAgentId,
      );
      byRules.set(key, siteRules);
    }
    const decision = decideAssignLead(lead, siteRules, turns.get(captured.siteId) ?? initialRotation(), w.flow);
    for (const turn of decision.routing) turns.set(captured.siteId, nextTurn(turns.get(captured.siteId) ?? initialRotation(), turn.data.agentId));
    const placed = decision.lead[0];
    if (placed?.type === 'LeadAssigned') return { agentId: placed.data.agentId, rule: placed.data.rule };
    return { agentId: null, rule: 'pond-first' };
  }
}
