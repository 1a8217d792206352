import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../shared/event';
import type { RoutingRulesInput } from '../office.events';
import { RoutingReplay } from './routing-replay';

// The replay of an office's routing (issue 19 part 4), fed events as the log holds them.
const B = 'B';
const SITE = 'S';
const DAY = Date.parse('2026-05-01T00:00:00.000Z');
let position = 0n;
const at = (minutes: number) => new Date(DAY + minutes * 60_000).toISOString();
const stored = (type: string, data: Record<string, unknown>, minutes: number, streamId = 'x'): StoredEvent =>
  ({
    type,
    data,
    streamId,
    eventId: `e${++position}`,
    streamPosition: 0n,
    globalPosition: position,
    transactionId: 1n,
    createdAt: new Date(at(minutes)),
    metadata: { at: at(minutes) },
  }) as unknown as StoredEvent;
const agent = (userId: string) => stored('UserRegistered', { userId, officeId: B, securityLevel: 10, firstName: userId, lastName: 'Agent' }, -100);
const site = (siteId = SITE, ownerUserId = B, kind = 'broker') => stored('SiteCreated', { siteId, ownerUserId, kind }, -90);
const captured = (leadId: string, minutes: number, siteId = SITE) =>
  stored(
    'LeadCaptured',
    {
      leadId,
      siteId,
      userId: `u-${leadId}`,
      fullName: 'N',
      email: 'e',
      phone: null,
      leadType: 'Buyer',
      source: 'direct',
      firstTouch: { src: null, referrer: null, at: '' },
      listingPdid: null,
    },
    minutes,
  );
const assigned = (leadId: string, agentId: string, minutes: number, rule = 'round-robin', siteId = SITE) =>
  stored('LeadAssigned', { leadId, siteId, agentId, officeId: B, rule, ruleVersion: 0 }, minutes);
const turn = (leadId: string, agentId: string, minutes: number) => stored('RoundRobinTurnTaken', { siteId: SITE, leadId, agentId }, minutes);
const rulesChanged = (version: number, rules: RoutingRulesInput, minutes: number) =>
  stored('RoutingRulesChanged', { officeId: B, version, byUserId: B, rules }, minutes, `office-${B}`);
const rules = (over: Partial<RoutingRulesInput> = {}): RoutingRulesInput => ({
  listingAgentFirst: true,
  weights: {},
  off: [],
  pond: { enabled: false, claimWindowMinutes: 15 },
  ...over,
});
/** The period: the day's hours 1 to 2 (minutes 60 to 120). */
const replay = (candidate: RoutingRulesInput, ...events: StoredEvent[]) => {
  const r = new RoutingReplay(B, { from: new Date(at(60)), to: new Date(at(120)) }, candidate);
  for (const e of events) r.feed(e);
  return r.result().leads.map((l) => ({ leadId: l.leadId, happened: l.happened.agentId, actual: l.actual.agentId, candidate: l.candidate.agentId }));
};

describe('RoutingReplay (given the log / when replayed / then)', () => {
  it('given A1 took a turn before the period, when a lead of the period is replayed, then both rotations continue after A1', () => {
    expect(
      replay(
        rules(),
        agent('A1'),
        agent('A2'),
        site(),
        captured('L0', 10),
        assigned('L0', 'A1', 10),
        turn('L0', 'A1', 10),
        captured('L1', 70),
        assigned('L1', 'A2', 70),
        turn('L1', 'A2', 70),
      ),
    ).toEqual([{ leadId: 'L1', happened: 'A2', actual: 'A2', candidate: 'A2' }]);
  });

  it('given a rule change after a lead came in but before it was placed, when replayed, then the rules at its capture decide (as the router does)', () => {
    const log = [
      agent('A1'),
      agent('A2'),
      site(),
      captured('L1', 70),
      rulesChanged(1, rules({ off: ['A1'] }), 70),
      assigned('L1', 'A1', 71),
      turn('L1', 'A1', 71),
    ];
    expect(replay(rules({ off: ['A1'] }), ...log)).toEqual([{ leadId: 'L1', happened: 'A1', actual: 'A1', candidate: 'A2' }]);
  });

  it('given a lead placed by hand, one of an agent’s own site and one after the period, when replayed, then they are left out', () => {
    const log = [
      agent('A1'),
      site(),
      site('OWN', 'A1', 'agent'),
      captured('L1', 70),
      assigned('L1', 'A1', 70, 'manual'),
      captured('L2', 80, 'OWN'),
      assigned('L2', 'A1', 80, 'own-site', 'OWN'),
      captured('L3', 130),
      assigned('L3', 'A1', 130),
    ];
    expect(replay(rules(), ...log)).toEqual([]);
  });

  it('given agents weighted by the candidate, when replayed, then the candidate takes its own turns while the actual follows the log', () => {
    const log = [agent('A1'), agent('A2'), site()];
    const order = ['A1', 'A2', 'A1', 'A2'];
    order.forEach((a, i) => log.push(captured(`L${i}`, 61 + i), assigned(`L${i}`, a, 61 + i), turn(`L${i}`, a, 61 + i)));
    expect(replay(rules({ weights: { A1: 3 } }), ...log).map((l) => [l.actual, l.candidate])).toEqual([
      ['A1', 'A1'],
      ['A2', 'A1'],
      ['A1', 'A1'],
      ['A2', 'A2'],
    ]);
  });

  it('given a lead of the period not placed yet, then the reader goes on; once placed, an event an hour past the period stops it (a lead before the period never placed does not hold it)', () => {
    const r = new RoutingReplay(B, { from: new Date(at(60)), to: new Date(at(120)) }, rules());
    for (const e of [agent('A1'), site(), captured('OLD', 10), captured('L1', 70)]) r.feed(e);
    const late = stored('UserRegistered', { userId: 'X', officeId: 'other', securityLevel: 10 }, 200);
    expect(r.done(late)).toBe(false);
    r.feed(assigned('L1', 'A1', 70));
    expect(r.done(late)).toBe(true);
    expect(r.done(stored('UserRegistered', { userId: 'Y', officeId: 'other', securityLevel: 10 }, 150))).toBe(false);
  });

  it("given the office's lead flow sends direct leads to A2, when a lead of the period is replayed, then both the actual and the candidate follow it (faithful)", () => {
    const flow = stored(
      'LeadFlowChanged',
      {
        officeId: B,
        rules: [{ source: 'Direct', assignTo: 'A2', actionPlanId: null }],
        defaultRule: { assignTo: 'routing-rules', actionPlanId: null },
        byUserId: B,
      },
      20,
      `leadflow-${B}`,
    );
    const replayed = replay(rules({ off: ['A2'] }), agent('A1'), agent('A2'), site(), flow, captured('L1', 70), assigned('L1', 'A2', 70, 'lead-flow'));
    // Under the candidate A2 is off: the source's rule falls to the routing rules, round robin to A1.
    expect(replayed).toEqual([{ leadId: 'L1', happened: 'A2', actual: 'A2', candidate: 'A1' }]);
  });
});
