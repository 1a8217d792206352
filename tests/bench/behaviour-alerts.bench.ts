import { randomUUID } from 'node:crypto';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { DEMO_SITES, DEMO_USERS } from '../../src/demo/demo-accounts';
import { behaviourAlertId } from '../../src/modules/behaviour/raise-alert/raise-alert.decide';
import type { Benchmark, BenchContext } from './bench';
import { connect, percentile, post, signIn } from './dashboard.bench';
import { withDemoServer } from './demo-server';

/**
 * Behaviour alerts (issue 19 part 2) at size: a lead with a long history of home views, then one
 * favourite at a time, from the event's append to the `lead.behaviour` push on the agent's
 * socket (the read model queues it, the detector reads the lead's history and the office's
 * thresholds, decides on the lead's alert stream, and the read model pushes the alert).
 */
export const behaviourAlertsBenchmark: Benchmark = {
  name: 'behaviour-alerts',
  description: "a lead's doing → the behaviour alert on the agent's socket",
  async run(ctx: BenchContext) {
    if (!ctx.wants('behaviour-alert-to-agent')) return;
    await withDemoServer(ctx, {}, async ({ server, sockets }) => {
      const port = Number(new URL(server.url).port);
      const jane = DEMO_USERS.find((u) => u.key === 'agent')!;
      const siteId = DEMO_SITES.find((s) => s.key === 'jane')!.siteId;
      const inquiry = await post(port, 'jane.localhost', '/api/account/inquiry', {
        FullName: 'Alert Bench',
        Email: `alert-${randomUUID()}@example.com`,
        Phone: '2065550189',
        Message: 'bench',
        LeadType: 'Buyer',
      });
      const leadId = inquiry.body.leadId as string;
      const cookie = await signIn(port, jane.email);
      await server.runtime.runner.waitForCatchUp();
      const ev = (type: string, data: Record<string, unknown>, at: Date) => ({
        type,
        data,
        eventId: randomUUID(),
        metadata: metadataOf(systemContext(at, siteId)),
      });
      const owner = { leadId, userId: randomUUID(), siteId };

      // The history: views of many homes over the past days (from before now, so not evaluated one by one).
      const history = ctx.quick ? 2_000 : 10_000;
      ctx.progress(`behaviour-alerts: ${history} past views on one lead`);
      const start = Date.now() - 30 * 86_400_000;
      for (let i = 0; i < history; i += 1000) {
        const batch = Array.from({ length: Math.min(1000, history - i) }, (_, j) =>
          ev('ListingViewed', { ...owner, pdid: `H${(i + j) % 500}`, address: null, price: 400_000 }, new Date(start + (i + j) * 60_000)),
        );
        await server.runtime.store.append(`leadactivity-${leadId}`, 'any', batch);
      }
      // Every read model takes the history (the lead feed's timeline line by line): minutes on a loaded machine.
      await server.runtime.runner.waitForCatchUp(600_000);

      const socket = await connect(server.url, cookie);
      sockets.push(socket);
      const waiting = new Map<string, (at: bigint) => void>();
      const early = new Map<string, bigint>();
      socket.on('lead.behaviour', (p: { leadId: string; kind: string; reason: string; alertId: string }) => {
        if (p.leadId !== leadId || p.kind !== 'favourited') return;
        const at = process.hrtime.bigint();
        const w = waiting.get(p.alertId);
        if (w) w(at);
        else early.set(p.alertId, at);
      });
      // The favourite's own timeline line (one trip through the read models) beside the alert (two: the doing, then the alert's event).
      const lines = new Map<string, bigint>();
      socket.on('lead.activity', (p: { eventId: string }) => lines.set(p.eventId, process.hrtime.bigint()));
      const n = ctx.quick ? 50 : 200;
      const times: number[] = [];
      const lineTimes: number[] = [];
      ctx.progress(`behaviour-alert-to-agent: ${n} favourites, one at a time`);
      for (let i = 0; i < n + 10; i++) {
        const pdid = `F${i}`;
        const alertId = behaviourAlertId(leadId, `favourited:${pdid}`);
        const favourite = ev('ListingFavorited', { ...owner, pdid }, new Date());
        const began = process.hrtime.bigint();
        await server.runtime.store.append(`organizer-${leadId}`, 'any', [favourite]);
        const got = early.get(alertId) ?? (await new Promise<bigint>((resolve) => waiting.set(alertId, resolve)));
        waiting.delete(alertId);
        if (i >= 10) times.push(Number(got - began) / 1e6);
        const line = lines.get(favourite.eventId);
        if (i >= 10 && line) lineTimes.push(Number(line - began) / 1e6);
      }
      times.sort((a, b) => a - b);
      lineTimes.sort((a, b) => a - b);
      const detail = `${n} favourites on a lead with ${history} past views: append → behaviour_alerts queue → detector (history, thresholds, decide) → BehaviourAlertRaised → lead.behaviour at the agent's socket; p50 ${percentile(times, 50).toFixed(1)} ms; the favourite's own timeline line (one trip) p50 ${percentile(lineTimes, 50).toFixed(1)} ms, p95 ${percentile(lineTimes, 95).toFixed(1)} ms`;
      ctx.record({
        key: 'behaviour-alert-to-agent-p95',
        label: "a lead's doing → behaviour alert on the agent's socket, p95",
        value: percentile(times, 95),
        unit: 'ms',
        goal: 1000,
        lowerIsBetter: true,
        detail,
      });
    });
  },
};
