import { type Checkpoint, type EventStore, type ReadAllPage, START } from '../../../eventstore/event-store.port';
import { ProtectedEventStore } from '../../../eventstore/personal-data/protected-event-store';
import type { StoredEvent } from '../../../shared/event';
import type { LeadCaptured } from '../../leads/leads.events';
import type { RoutingRuleSet, RoutingRulesInput } from '../office.events';
import { type Placement, type ReplayedLead, replayEventTypes, RoutingReplay } from './routing-replay';

/** One row of the result: what an agent (or the broker; `agentId` null: the pond) received, actually and under the candidate. */
export type AgentTally = { readonly agentId: string | null; readonly name: string; readonly actual: number; readonly candidate: number };

export type ChangedLead = {
  readonly leadId: string;
  readonly fullName: string;
  readonly capturedAt: string;
  readonly actual: Placement;
  readonly candidate: Placement;
};

export type SimulationResult = {
  readonly officeId: string;
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
 * nothing. `onProgress` hears how far through the log the scan is (0 to 1) after each page.
 */
export async function simulateRouting(
  store: EventStore,
  officeId: string,
  period: { readonly from: Date; readonly to: Date },
  candidate: RoutingRulesInput,
  names: ReadonlyMap<string, string> = new Map(),
  onProgress: (fraction: number) => void = () => undefined,
): Promise<SimulationResult> {
  const replay = new RoutingReplay(officeId, period, candidate, CHANGED_SHOWN);
  // Routing needs no personal value: the sealed log is scanned as stored, and only the names shown are opened below.
  const log = store instanceof ProtectedEventStore ? store.inner : store;
  // How far the scan has come: its position against the log's end when it started (the period's end stops it sooner).
  const end = Number((await log.head()).globalPosition) || 1;
  const read = (from: Checkpoint) => log.readAll(from, { types: replayEventTypes, limit: PAGE });
  // The next page is read while this one is replayed.
  let next: Promise<ReadAllPage> | null = read(START);
  while (next) {
    const page: ReadAllPage = await next;
    next = page.atEnd ? null : read(page.next);
    onProgress(Math.min(1, Number(page.next.globalPosition) / end));
    let stopped = false;
    for (const e of page.events) {
      if (replay.done(e)) {
        stopped = true;
        break;
      }
      replay.feed(e);
    }
    if (stopped && next) {
      next.catch(() => undefined);
      next = null;
    }
  }
  const result = replay.result();
  const shown = summarize(officeId, period, result.inForce, result.leads, result.agents);
  const opened = await openNames(store, [...result.agents.map((a) => a.registered), ...shown.changed.map((c) => c.captured)]);
  const nameOf = new Map([...names, ...opened]);
  return {
    ...shown,
    agents: shown.agents.map((a) => ({ ...a, name: a.agentId === null ? '' : (nameOf.get(a.agentId) ?? '') })),
    changed: shown.changed.map(({ captured, ...c }) => ({ ...c, fullName: nameOf.get(captured.data.leadId) ?? '' })),
  };
}

/** Names by id (an agent's user id, a lead's id) from their events, opened where sealed. */
async function openNames(store: EventStore, events: StoredEvent[]): Promise<Map<string, string>> {
  const opened = store instanceof ProtectedEventStore ? await store.openEvents(events) : events;
  return new Map(
    opened.map((e): [string, string] => {
      const d = e.data as { userId?: string; leadId?: string; fullName?: string; firstName?: string; lastName?: string };
      return e.type === 'LeadCaptured' ? [d.leadId!, d.fullName ?? ''] : [d.userId!, `${d.firstName ?? ''} ${d.lastName ?? ''}`.trim()];
    }),
  );
}

type Summary = Omit<SimulationResult, 'changed'> & {
  readonly changed: readonly (Omit<ChangedLead, 'fullName'> & { readonly captured: StoredEvent<LeadCaptured> })[];
};

function summarize(
  officeId: string,
  period: { readonly from: Date; readonly to: Date },
  inForce: RoutingRuleSet,
  leads: readonly ReplayedLead[],
  roster: readonly { readonly agentId: string }[],
): Summary {
  const tally = new Map<string | null, { actual: number; candidate: number }>(roster.map((a) => [a.agentId, { actual: 0, candidate: 0 }]));
  const count = (id: string | null, k: 'actual' | 'candidate') => {
    const t = tally.get(id) ?? { actual: 0, candidate: 0 };
    t[k]++;
    tally.set(id, t);
  };
  const changed: Summary['changed'][number][] = [];
  let changedCount = 0;
  let unfaithful = 0;
  for (const l of leads) {
    if (!same(l.happened, l.actual)) unfaithful++;
    count(l.happened.agentId, 'actual');
    count(l.candidate.agentId, 'candidate');
    if (!same(l.happened, l.candidate)) {
      changedCount++;
      if (l.captured && changed.length < CHANGED_SHOWN)
        changed.push({ leadId: l.leadId, captured: l.captured, capturedAt: l.capturedAt, actual: l.happened, candidate: l.candidate });
    }
  }
  const agents = [...tally].map(([agentId, t]): AgentTally => ({ agentId, name: '', ...t }));
  return { officeId, from: period.from.toISOString(), to: period.to.toISOString(), inForce, leads: leads.length, unfaithful, agents, changed, changedCount };
}
