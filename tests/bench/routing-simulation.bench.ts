import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config/config';
import { DataKeys } from '../../src/eventstore/personal-data/data-keys';
import { ProtectedEventStore } from '../../src/eventstore/personal-data/protected-event-store';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import type { StreamAppend } from '../../src/eventstore/event-store.port';
import type { NewEvent } from '../../src/shared/event';
import { siteRulesUnder } from '../../projections/lead-routing';
import { evolveLead, initialLead } from '../../src/modules/leads/lead';
import { initialRoutingRuleSet, type RoutingRuleSet, type RoutingRulesInput } from '../../src/modules/office/office.events';
import { type LeadCaptured } from '../../src/modules/leads/leads.events';
import { decideAssignLead, initialRotation, type Rotation } from '../../src/modules/office/route-lead/assign-lead.decide';
import { nextTurn } from '../../src/modules/office/routing-rules';
import { simulateRouting } from '../../src/modules/office/simulate-routing/simulate-routing';
import { personalFields } from '../../src/modules/privacy/personal-fields';
import { type Benchmark, type BenchContext, cpuPer } from './bench';

const GOAL_SECONDS = 10;
const TARGET_LEADS = 100_000;
const AGENTS = 12;
/** Other events per lead in the log (views), which the replay's type filter must step over. */
const FILLER_PER_LEAD = 5;
const BATCH = 500;
const T0 = Date.parse('2026-03-01T00:00:00.000Z');

const meta = (at: number, siteId: string | null = null) => ({
  siteId,
  actorId: null,
  impersonatorId: null,
  correlationId: randomUUID(),
  causationId: null,
  at: new Date(at).toISOString(),
});
const event = (type: string, data: Record<string, unknown>, at: number, siteId: string | null = null): NewEvent => ({
  type,
  data,
  eventId: randomUUID(),
  metadata: meta(at, siteId),
});

/**
 * The routing simulation over 100,000 past leads (issue 19 part 4): an office of 12 agents and a
 * broker site whose leads were routed under five versions of the rules (weights, agents off,
 * listing agent first), every lead's capture, assignment and round-robin turn as the router
 * appends them (decided by the router's own decider, personal fields sealed as in production),
 * with other events between; then one simulation of the whole period with a candidate.
 */
export const routingSimulationBenchmark: Benchmark = {
  name: 'routing-simulation',
  description: 'routing simulation over past leads, replayed from the log',
  async run(ctx: BenchContext) {
    if (!ctx.wants('routing-simulation')) return;
    const config = loadConfig({});
    const leads = ctx.quick ? 10_000 : TARGET_LEADS;
    const db = await ctx.createDatabase({ poolSize: config.dbPoolSize });
    const log = new PostgresEventStore(db.pool, { pollMs: config.projections.pollMs, databaseUrl: db.url });
    const store = new ProtectedEventStore(log, new DataKeys(db.pool), personalFields);
    try {
      ctx.progress(`routing-simulation: writing ${leads.toLocaleString('en-US')} routed leads`);
      const officeId = randomUUID();
      const siteId = randomUUID();
      const agents = Array.from({ length: AGENTS }, () => randomUUID());
      const user = (userId: string, level: number, broker: string | null): StreamAppend => ({
        streamId: `user-${userId}`,
        expected: 'no_stream',
        events: [
          event(
            'UserRegistered',
            {
              userId,
              email: `${userId}@bench.test`,
              firstName: 'Bench',
              lastName: userId.slice(0, 4),
              securityLevel: level,
              siteId,
              officeId: broker,
              cellPhone: null,
            },
            T0 - 1000,
          ),
        ],
      });
      await store.appendMany([user(officeId, 15, null), ...agents.map((a) => user(a, 10, officeId))]);
      await store.append(`site-${siteId}`, 'no_stream', [
        event(
          'SiteCreated',
          {
            siteId,
            subdomain: 'bench',
            name: 'Bench Realty',
            kind: 'broker',
            ownerUserId: officeId,
            DomainName: null,
            masterSiteId: null,
            isDefault: false,
            settings: {},
          },
          T0 - 900,
          siteId,
        ),
      ]);
      await store.append(`office-${officeId}`, 'any', [event('ListingAgentLinked', { officeId, pdid: 'BENCH-1', agentId: agents[2] }, T0 - 800)]);

      // Five versions of the rules, one every fifth of the period.
      const versions: RoutingRulesInput[] = [
        { ...initialRoutingRuleSet },
        { listingAgentFirst: true, weights: { [agents[0]!]: 3 }, off: [agents[5]!], pond: { enabled: false, claimWindowMinutes: 15 } },
        { listingAgentFirst: false, weights: { [agents[1]!]: 2 }, off: [], pond: { enabled: false, claimWindowMinutes: 15 } },
        { listingAgentFirst: true, weights: {}, off: [agents[2]!, agents[3]!], pond: { enabled: false, claimWindowMinutes: 15 } },
        { listingAgentFirst: true, weights: { [agents[4]!]: 5 }, off: [], pond: { enabled: false, claimWindowMinutes: 15 } },
      ];
      let rules: RoutingRuleSet = initialRoutingRuleSet;
      let rotation: Rotation = initialRotation();
      const site = { siteId, kind: 'broker' as const, ownerId: officeId, ownerOfficeId: null };
      for (let start = 0; start < leads; start += BATCH) {
        const appends: StreamAppend[] = [];
        const turns: NewEvent[] = [];
        for (let n = start; n < Math.min(leads, start + BATCH); n++) {
          const at = T0 + n * 20_000;
          const phase = Math.floor((n * versions.length) / leads);
          if (phase > rules.version) {
            const v = versions[phase]!;
            const next: RoutingRulesInput = { listingAgentFirst: v.listingAgentFirst, weights: v.weights, off: v.off, pond: v.pond };
            appends.push({
              streamId: `office-${officeId}`,
              expected: 'any',
              events: [event('RoutingRulesChanged', { officeId, version: phase, byUserId: officeId, rules: next }, at - 1)],
            });
            rules = { ...next, version: phase };
          }
          const leadId = randomUUID();
          const captured: LeadCaptured = {
            type: 'LeadCaptured',
            data: {
              leadId,
              userId: randomUUID(),
              siteId,
              fullName: 'Bench Lead',
              email: `${leadId}@bench.test`,
              phone: null,
              leadType: 'Buyer',
              source: 'direct',
              firstTouch: { src: null, referrer: null, at: new Date(at).toISOString() },
              listingPdid: n % 7 === 0 ? 'BENCH-1' : null,
            },
          };
          const decision = decideAssignLead(evolveLead(initialLead(), captured), siteRulesUnder(site, agents, rules, agents[2]!), rotation);
          for (const t of decision.routing) rotation = nextTurn(rotation, t.data.agentId);
          const filler = Array.from({ length: FILLER_PER_LEAD }, (_, k) =>
            event('ListingViewed', { leadId, userId: captured.data.userId, siteId, pdid: `P${k}`, price: 500_000 }, at + 1000 + k),
          );
          appends.push({
            streamId: `lead-${leadId}`,
            expected: 'no_stream',
            events: [event(captured.type, captured.data, at, siteId), ...decision.lead.map((e) => event(e.type, e.data, at + 50, siteId)), ...filler],
          });
          turns.push(...decision.routing.map((e) => event(e.type, e.data, at + 50, siteId)));
        }
        if (turns.length) appends.push({ streamId: `routing-${siteId}`, expected: 'any', events: turns });
        await store.appendMany(appends);
        if (start % 20_000 === 0) ctx.progress(`routing-simulation: ${start.toLocaleString('en-US')} leads written`);
      }
      await db.pool.query('VACUUM ANALYZE events');

      const candidate: RoutingRulesInput = {
        listingAgentFirst: true,
        weights: { [agents[7]!]: 4 },
        off: [agents[0]!],
        pond: { enabled: false, claimWindowMinutes: 15 },
      };
      const period = { from: new Date(T0), to: new Date(T0 + leads * 20_000) };
      let result: Awaited<ReturnType<typeof simulateRouting>> | undefined;
      const m = await ctx.measure(async () => {
        result = await simulateRouting(store, officeId, period, candidate);
      });
      if (result!.leads !== leads) throw new Error(`The simulation replayed ${result!.leads} leads, not ${leads}`);
      if (result!.unfaithful !== 0) throw new Error(`The replay of the rules of their time differs from the log for ${result!.unfaithful} leads`);
      ctx.record({
        key: 'routing-simulation',
        label: `routing simulation, ${leads.toLocaleString('en-US')} past leads (${((leads * (3 + FILLER_PER_LEAD)) / 1e6).toFixed(1)}M events in the log)`,
        value: leads === TARGET_LEADS ? m.seconds : (m.seconds * TARGET_LEADS) / leads,
        unit: 's',
        goal: GOAL_SECONDS,
        lowerIsBetter: true,
        detail: `${m.seconds.toFixed(1)} s measured${leads === TARGET_LEADS ? '' : ', extrapolated to 100,000 leads'}; faithful (0 of ${leads} differ); ${result!.changedCount} would change; ${cpuPer(m, leads, 'lead')}`,
      });
    } finally {
      await log.close();
      await db.close();
    }
  },
};
