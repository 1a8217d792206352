import fs from 'node:fs/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { startInstance } from '../support/cluster-instance';
import type { Benchmark, BenchContext } from './bench';
import { connect, inquiryLatencies, percentile, signIn } from './dashboard.bench';

const CITIES = ['Seattle', 'Sacramento', 'Bellevue', 'Kirkland', 'Renton', 'Folsom', 'Redmond'];
const METROS: [number, number, number, number][] = [
  [47.4, 47.8, -122.5, -122.1],
  [38.4, 38.8, -121.6, -121.2],
  [47.55, 47.7, -122.25, -122.05],
];

/**
 * The dashboard's push path as in production, under load: the server in a process of its own
 * (`node dist/src/main.js`, the demo data with its listings), 1,000 sockets connected (997 of
 * another agent, Jane's, her broker's and staff's), the visitors' search mix running against it
 * (maps, lists, keyword + filters, autocomplete; no result cache), and inquiries on Jane's site
 * one at a time: acceptance → lead.captured on Jane's socket. BENCH_CPU_PROFILE_DIR=dir makes the
 * server write a V8 CPU profile there (node --cpu-prof) when it stops.
 */
export const pushUnderLoadBenchmark: Benchmark = {
  name: 'push-under-load',
  description: 'inquiry → lead.captured with 1,000 sockets and the search mix running',
  async run(ctx: BenchContext) {
    if (!ctx.wants('inquiry-to-dashboard-loaded')) return;
    const db = await ctx.createDatabase();
    const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
    ctx.progress('inquiry-to-dashboard-loaded: starting the server with the demo data (its listings load first)');
    const server = await startInstance(
      'bench-server',
      {
        DATABASE_URL: db.url,
        DEMO_SEED: '1',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'error',
        SEARCH_CACHE_MS: '0',
        SEARCH_RATE_PER_MINUTE: '1000000',
        SEARCH_PARALLEL_PER_ADDRESS: '1000',
      },
      600_000,
      profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
    );
    const url = `http://127.0.0.1:${server.port}`;
    const sockets: Socket[] = [];
    try {
      await caughtUp(url);
      const jane = await connect(url, await signIn(server.port, 'agent@demo.test'));
      sockets.push(
        jane,
        await connect(url, await signIn(server.port, 'broker@demo.test')),
        await connect(url, await signIn(server.port, 'staff@porchlight.test')),
      );
      const other = await signIn(server.port, 'agent2@demo.test');
      ctx.progress('inquiry-to-dashboard-loaded: connecting 1,000 sockets');
      while (sockets.length < 1000)
        sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, 1000 - sockets.length) }, () => connect(url, other)))));

      const requests = [
        ...METROS.map(([a, b, c, d]) => ({
          method: 'POST' as const,
          path: '/api/search/map',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ minlat: String(a), maxlat: String(b), minlong: String(c), maxlong: String(d), type: 'map' }),
        })),
        ...CITIES.flatMap((c) => [
          { method: 'GET' as const, path: `/api/search?acl_city=${c}` },
          { method: 'GET' as const, path: `/api/search?acl_city=${c}&page=2` },
          { method: 'GET' as const, path: `/api/search?kw=${c}&beds=2&maxprice=900000` },
          { method: 'GET' as const, path: `/api/search/autocomplete/kw/${c.slice(0, 3).toLowerCase()}/?IncludeSearches=0` },
        ]),
      ];
      let load: autocannon.Instance | undefined;
      const stopLoad = new Promise<autocannon.Result>((resolve, reject) => {
        load = autocannon({ url, connections: 10, duration: 3600, requests }, (err, result) => (err ? reject(err) : resolve(result)));
      });

      // The searches answered while the inquiries ran, and how long they took: the mix's own
      // figures include its first seconds (cold code paths), which weigh more the faster the
      // inquiries go.
      const searches: number[] = [];
      let measuring = false;
      load!.on('response', (_client, _status, _bytes, ms: number) => {
        if (measuring) searches.push(ms);
      });
      await new Promise((r) => setTimeout(r, 5000));
      const n = ctx.quick ? 100 : 300;
      ctx.progress(`inquiry-to-dashboard-loaded: ${n} inquiries, one at a time, under the search mix`);
      measuring = true;
      const node0 = await processCpuMs(server.child.pid);
      let latencies!: Awaited<ReturnType<typeof inquiryLatencies>>;
      const measured = await ctx.measure(async () => {
        latencies = await inquiryLatencies(server.port, jane, n, (i) => `10.7.${(i >> 8) & 255}.${i & 255}`);
      });
      measuring = false;
      const nodeMs = (await processCpuMs(server.child.pid)) - node0;
      const { fromAccepted, fromSent, leads } = latencies;
      const seconds = measured.seconds;
      // Per request answered meanwhile, the inquiries (and their feed/routing work) included.
      const answered = searches.length + n + 20;
      const cpu = `server CPU per request ${Math.round((nodeMs * 1000) / answered)} µs Node${measured.serverCpuMs === undefined ? '' : ` + ${Math.round((measured.serverCpuMs * 1000) / answered)} µs PostgreSQL`}`;
      searches.sort((a, b) => a - b);
      load!.stop();
      const searched = await stopLoad;
      const stages = await stagesOf(db.url, leads);
      ctx.record({
        key: 'inquiry-to-dashboard-loaded',
        label: 'inquiry accepted → lead.captured at the agent, p95, 1,000 sockets + search mix',
        value: percentile(fromAccepted, 95),
        unit: 'ms',
        goal: 100,
        lowerIsBetter: true,
        detail: `${n} inquiries; p50 ${percentile(fromAccepted, 50).toFixed(1)} ms; from the request p50 ${percentile(fromSent, 50).toFixed(1)} / p95 ${percentile(fromSent, 95).toFixed(1)} ms; search mix meanwhile ${Math.round(searches.length / seconds)} req/s, p50 ${percentile(searches, 50).toFixed(0)} / p99 ${percentile(searches, 99).toFixed(0)} ms (10 connections, ${requests.length} distinct; over its whole run ${Math.round(searched.requests.average)} req/s, p99 ${searched.latency.p99} ms); server in its own process; ${cpu}; by stage, p50 / p95: ${stages}`,
      });
    } finally {
      for (const s of sockets) s.close();
      await server.stop();
      await db.close();
    }
  },
};

/**
 * Where each push's time went, from the log's own clock (the same machine's): accepted → the
 * router's LeadAssigned written (the lead_routing projection, the router), then → on the agent's
 * socket (the append's commit, the lead_feed projection's batch, the emit).
 */
async function stagesOf(url: string, leads: readonly { leadId: string; acceptedAt: number; pushedAt: number }[]): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ stream_id: string; at: Date }>(
      `SELECT stream_id, created_at AS at FROM events WHERE type = 'LeadAssigned' AND stream_id = ANY($1)`,
      [leads.map((l) => `lead-${l.leadId}`)],
    );
    const assigned = new Map(rows.map((r) => [r.stream_id, r.at.getTime()]));
    const routed: number[] = [];
    const pushed: number[] = [];
    for (const l of leads) {
      const at = assigned.get(`lead-${l.leadId}`);
      if (at === undefined) continue;
      routed.push(at - l.acceptedAt);
      pushed.push(l.pushedAt - at);
    }
    const p = (xs: number[], q: number) =>
      percentile(
        xs.sort((a, b) => a - b),
        q,
      ).toFixed(0);
    return `accepted → LeadAssigned written ${p(routed, 50)} / ${p(routed, 95)} ms, → on the socket ${p(pushed, 50)} / ${p(pushed, 95)} ms`;
  } finally {
    await pool.end();
  }
}

/** CPU time (user + system) of a process of this machine, from /proc (Linux; 0 elsewhere). */
async function processCpuMs(pid: number | undefined): Promise<number> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // USER_HZ 100
  } catch {
    return 0;
  }
}

/** Waits until every projection has applied the log (the demo listings in the search index). */
async function caughtUp(url: string): Promise<void> {
  for (;;) {
    const h = (await (await fetch(`${url}/health`)).json()) as { projections: { lag: number }[] };
    if (h.projections.every((p) => p.lag === 0)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
