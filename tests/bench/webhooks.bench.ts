import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { CommandBus } from '@nestjs/cqrs';
import { loadConfig } from '../../src/config/config';
import { DEMO_USERS } from '../../src/demo/demo-accounts';
import { seedDemo } from '../../src/demo/seed-demo';
import { type Started, startServer } from '../../src/main';
import { webhookReceiver } from '../support/webhook-receiver';
import type { Benchmark, BenchContext } from './bench';
import { post, signIn } from './dashboard.bench';

const PASSWORD = 'porchlight-demo';

/** POST /api/v1/leads with the key (no cookie, no Origin: as an integrator's client sends it). */
function v1Lead(port: number, key: string, i: number): Promise<{ status: number; leadId: string }> {
  const payload = Buffer.from(
    JSON.stringify({ source: 'Bench', person: { fullName: `Hook Bench${i}`, emails: [`hook-${randomUUID()}@example.com`], phones: [] } }),
  );
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/leads',
        headers: { host: `localhost:${port}`, authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, leadId: (JSON.parse(text) as { leadId: string }).leadId }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A lead made through API v1 until its `lead.created` reached the broker's webhook (a real HTTP
 * receiver on this machine): the request, the command, the projections (public events), the
 * fan-out and the signed POST. One lead at a time, so each time is the latency alone.
 */
export const webhooksBenchmark: Benchmark = {
  name: 'webhooks',
  description: 'a v1 lead → its lead.created delivered to a webhook, p95',
  async run(ctx: BenchContext) {
    if (!ctx.wants('webhook-delivery-p95')) return;
    const db = await ctx.createDatabase();
    const config = loadConfig({ DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_SEED: '0', NODE_ENV: 'test' });
    const receiver = await webhookReceiver();
    let server: Started | undefined;
    try {
      server = await startServer(config, { fsync: true });
      await seedDemo(server.runtime.store, server.app.get(CommandBus), PASSWORD);
      await server.runtime.runner.waitForCatchUp();
      const port = Number(new URL(server.url).port);
      const cookie = await signIn(port, DEMO_USERS.find((u) => u.key === 'broker')!.email);
      const key = (await post(port, 'localhost', '/api/dashboard/api-keys', { name: 'bench' }, cookie)).body.key as string;
      const hook = await post(port, 'localhost', '/api/dashboard/webhooks', { url: `${receiver.origin}/bench`, events: ['lead.created'] }, cookie);
      if (hook.status !== 201) throw new Error(`the webhook was not made (${hook.status})`);

      const count = ctx.quick ? 20 : 100;
      ctx.progress(`webhooks: ${count} v1 leads, each until its webhook delivery`);
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const start = performance.now();
        const made = await v1Lead(port, key, i);
        if (made.status !== 201) throw new Error(`the v1 lead answered ${made.status}`);
        for (;;) {
          if (receiver.received.some((r) => r.body.type === 'lead.created' && r.body.data.leadId === made.leadId)) break;
          if (performance.now() - start > 30_000) throw new Error('a lead.created was not delivered within 30 s');
          await new Promise((r) => setTimeout(r, 2));
        }
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      ctx.record({
        key: 'webhook-delivery-p95',
        label: 'v1 lead → webhook delivered, p95',
        value: Math.round(times[Math.floor(times.length * 0.95)]!),
        unit: 'ms',
        goal: 1000,
        lowerIsBetter: true,
        detail: `${count} leads one at a time; median ${Math.round(times[Math.floor(times.length / 2)]!)} ms; POST /api/v1/leads → projections → fan-out → signed POST to a local receiver`,
      });
    } finally {
      await server?.stop();
      await receiver.close();
      await db.close();
    }
  },
};
