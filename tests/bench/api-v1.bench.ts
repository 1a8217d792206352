import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { CommandBus } from '@nestjs/cqrs';
import { loadConfig } from '../../src/config/config';
import { DEMO_USERS } from '../../src/demo/demo-accounts';
import { seedDemo } from '../../src/demo/seed-demo';
import { type Started, startServer } from '../../src/main';
import type { Benchmark, BenchContext } from './bench';
import { percentile, post, signIn } from './dashboard.bench';

const PASSWORD = 'porchlight-demo';

type Answer = { status: number; body: any };

/** A call as an integrator's client makes it: the key alone (no cookie, no Origin). */
function v1(port: number, key: string, method: 'GET' | 'POST', path: string, json?: unknown): Promise<Answer> {
  const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `localhost:${port}`,
          authorization: `Bearer ${key}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const lead = (i: number) => ({
  source: 'Bench portal',
  externalId: `bench-${i}-${randomUUID()}`,
  person: { fullName: `Api Bench${i}`, emails: [`api-${randomUUID()}@example.com`], phones: [] },
  message: 'Is it still available?',
});

/** Reads the whole feed after position 0, 1,000 events a page; answers the events read and the pages. */
async function readFeed(port: number, key: string): Promise<{ events: number; pages: number }> {
  let after = 0;
  let events = 0;
  let pages = 0;
  for (;;) {
    const page = await v1(port, key, 'GET', `/api/v1/events?after=${after}&limit=1000`);
    if (page.status !== 200) throw new Error(`the events feed answered ${page.status}`);
    pages++;
    events += page.body.events.length;
    if (page.body.events.length === 0) return { events, pages };
    after = page.body.next;
  }
}

/**
 * API v1 under an integrator's load: leads posted at 1,000 a minute (the pace a busy portal
 * account or an ad campaign's import reaches), each answer timed; then the events feed paged from
 * the start once it holds 10,000 events (the catch-up a webhook consumer does after an outage).
 * The per-key rate limit is raised for the run: it is a policy (`API_RATE_PER_MINUTE`), not the
 * server's capacity.
 */
export const apiV1Benchmark: Benchmark = {
  name: 'api-v1',
  description: 'API v1: leads at 1,000 a minute (answer p95), the events feed paged over 10,000 events',
  async run(ctx: BenchContext) {
    const wantLeads = ctx.wants('v1-leads-p95');
    const wantFeed = ctx.wants('v1-events-feed-10k');
    if (!wantLeads && !wantFeed) return;
    const db = await ctx.createDatabase();
    const config = loadConfig({
      DATABASE_URL: db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DEMO_SEED: '0',
      NODE_ENV: 'test',
      API_RATE_PER_MINUTE: '1000000',
    });
    let server: Started | undefined;
    try {
      server = await startServer(config, { fsync: true });
      await seedDemo(server.runtime.store, server.app.get(CommandBus), PASSWORD);
      await server.runtime.runner.waitForCatchUp();
      const port = Number(new URL(server.url).port);
      const cookie = await signIn(port, DEMO_USERS.find((u) => u.key === 'broker')!.email);
      const key = (await post(port, 'localhost', '/api/dashboard/api-keys', { name: 'bench' }, cookie)).body.key as string;

      const count = ctx.quick ? 200 : 1000;
      const gapMs = 60; // 1,000 a minute
      ctx.progress(`api-v1: ${count} leads at 1,000 a minute`);
      const times: number[] = [];
      const leadIds: string[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const due = started + i * gapMs;
          await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
          const t = performance.now();
          const made = await v1(port, key, 'POST', '/api/v1/leads', lead(i));
          times.push(performance.now() - t);
          if (made.status !== 201) throw new Error(`a v1 lead answered ${made.status}`);
          leadIds.push(made.body.leadId as string);
        }),
      );
      times.sort((a, b) => a - b);
      if (wantLeads)
        ctx.record({
          key: 'v1-leads-p95',
          label: 'POST /api/v1/leads at 1,000 a minute, answer p95',
          value: Math.round(percentile(times, 95)),
          unit: 'ms',
          goal: 100,
          lowerIsBetter: true,
          detail: `${count} new leads, one every ${gapMs} ms; median ${Math.round(percentile(times, 50))} ms; each a new person: dedupe, idempotency claim, inquiry command, routing`,
        });
      if (!wantFeed) return;

      // The feed of 10,000 events: the leads' own, then notes on them until there are enough.
      const target = ctx.quick ? 2000 : 10_000;
      await server.runtime.runner.waitForCatchUp();
      let have = (await readFeed(port, key)).events;
      ctx.progress(`api-v1: ${have} events from the leads; notes until ${target}`);
      let n = 0;
      while (have < target) {
        const batch = Math.min(50, target - have);
        await Promise.all(
          Array.from({ length: batch }, () => v1(port, key, 'POST', `/api/v1/leads/${leadIds[n++ % leadIds.length]}/notes`, { text: 'Called, no answer' })),
        );
        have += batch;
      }
      await server.runtime.runner.waitForCatchUp();
      const runs: number[] = [];
      let read = { events: 0, pages: 0 };
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        read = await readFeed(port, key);
        runs.push(performance.now() - t);
      }
      runs.sort((a, b) => a - b);
      ctx.record({
        key: 'v1-events-feed-10k',
        label: `GET /api/v1/events, ${target.toLocaleString('en-US')} events paged from the start`,
        value: Math.round(runs[1]!),
        unit: 'ms',
        goal: ctx.quick ? undefined : 1000,
        lowerIsBetter: true,
        detail: `${read.events} events in ${read.pages} pages of up to 1,000 (the broker's key); median of 3 reads`,
      });
    } finally {
      await server?.stop();
      await db.close();
    }
  },
};
