import { type EventStore, START } from '../../../eventstore/event-store.port';
import type { RoutingRuleSet, RoutingRulesInput } from '../leads.events';
import { type Placement, type ReplayedLead, replayEventTypes, RoutingReplay } from './routing-replay';

/** One row of the result: what an agent (or the broker; `agentId` null: the pond) received, actually and under the candidate. */
export type AgentTally = { readonly agentId: string | null; readonly name: string; readonly actual: number; readonly candidate: number };

export type ChangedLead = { readonly leadId: string; readonly fullName: string; readonly capturedAt: string; readonly actual: Placement; readonly candidate: Placement };

export type SimulationResult = {
  readonly brokerId: string;
  readonly from: string;
  readonly to: string;
  /** The rules in force now (their version), what "Apply these rules" replaces. */
  readonly inForce: RoutingRuleSet;
  readonly leads: number;
  /** Leads whose replay under the rules of their time placed them elsewhere than the log says (0 when the replay is faithful). */
  readonly unfaithful: number;
  readonly agents: readonly AgentTally[];
  /** Every lead the candidate places elsewhere, oldest first (at most CHANGED_SHOWN of them; `changedCount` counts all). */
  readonly changed: readonly ChangedLead[];
  readonly changedCount: number;
};

export const CHANGED_SHOWN = 500;
const PAGE = 5000;

const same = (a: Placement, b: Placement) => a.agentId === b.agentId && a.rule === b.rule;

/**
 * Replays an office's leads captured in [from, to) from the event log through the router's pure
 * decider, under the rules of their time and under `candidate`. Read-only: it reads the log
 * (events of the types routing decides by, in log order, from the start) and appends and writes
 * nothing.
 */
export async function simulateRouting(
  store: EventStore,
  brokerId: string,
  period: { readonly from: Date; readonly to: Date },
  candidate: RoutingRulesInput,
  names: ReadonlyMap<string, string> = new Map(),
): Promise<SimulationResult> {
  const replay = new RoutingReplay(brokerId, period, candidate);
  let from = START;
  for (;;) {
    const page = await store.readAll(from, { types: replayEventTypes, limit: PAGE });
    let stop = false;
    for (const e of page.events) {
      if (replay.done(e)) {
        stop = true;
        break;
      }
      replay.feed(e);
    }
    if (stop || page.atEnd) break;
    from = page.next;
  }
  const result = replay.result();
  return summarize(brokerId, period, result.inForce, result.leads, new Map([...names, ...result.agents.map((a): [string, string] => [a.agentId, a.name])]), result.agents);
}

function summarize(
  brokerId: string,
  period: { readonly from: Date; readonly to: Date },
  inForce: RoutingRuleSet,
  leads: readonly ReplayedLead[],
  names: ReadonlyMap<string, string>,
  roster: readonly { readonly agentId: string }[],
): SimulationResult {
  const tally = new Map<string | null, { actual: number; candidate: number }>(roster.map((a) => [a.agentId, { actual: 0, candidate: 0 }]));
  const count = (id: string | null, k: 'actual' | 'candidate') => {
    const t = tally.get(id) ?? { actual: 0, candidate: 0 };
    t[k]++;
    tally.set(id, t);
  };
  const changed: ChangedLead[] = [];
  let changedCount = 0;
  let unfaithful = 0;
  for (const l of leads) {
    if (!same(l.happened, l.actual)) unfaithful++;
    count(l.happened.agentId, 'actual');
    count(l.candidate.agentId, 'candidate');
    if (!same(l.happened, l.candidate)) {
      changedCount++;
      if (changed.length < CHANGED_SHOWN) changed.push({ leadId: l.leadId, fullName: l.fullName, capturedAt: l.capturedAt, actual: l.happened, candidate: l.candidate });
    }
  }
  const agents = [...tally].map(([agentId, t]): AgentTally => ({ agentId, name: agentId === null ? '' : (names.get(agentId) ?? ''), ...t }));
  return { brokerId, from: period.from.toISOString(), to: period.to.toISOString(), inForce, leads: leads.length, unfaithful, agents, changed, changedCount };
}
