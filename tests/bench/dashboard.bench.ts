import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { Benchmark, BenchContext } from './bench';
import { DEMO_PASSWORD, withDemoServer } from './demo-server';

type Reply = { status: number; body: any; cookie: string | undefined };

/** A POST with a Host and Origin of the given site (and a client address, as our proxy would name it); answers the body and the session cookie. */
export function post(port: number, host: string, path: string, json: unknown, cookie?: string, clientAddress?: string): Promise<Reply> {
  const payload = Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          host: `${host}:${port}`,
          origin: `http://${host}:${port}`,
          'content-type': 'application/json',
          'content-length': payload.length,
          ...(cookie ? { cookie } : {}),
          ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const sid = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith('sid='));
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'), cookie: sid });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const connect = (url: string, cookie: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], extraHeaders: { origin: url, cookie }, reconnection: false, timeout: 30_000, forceNew: true });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

export async function signIn(port: number, email: string): Promise<string> {
  const r = await post(port, 'localhost', '/api/account/login', { Email: email, password: DEMO_PASSWORD });
  if (!r.body?.isSuccess || !r.cookie) throw new Error(`could not sign in as ${email}`);
  return r.cookie;
}

// Each inquiry comes from a visitor of its own address (inquiries are limited per address).
const visitorAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const inquiry = (i: number) => ({
  FullName: `Bench Visitor${i}`,
  Email: `bench-${randomUUID()}@example.com`,
  Phone: '2065550100',
  Message: 'bench',
  LeadType: 'Buyer',
});

/**
 * The dashboard's realtime path end to end, in one process: an inquiry on Jane's own site is
 * accepted (HTTP 200), the lead router assigns it, the lead_feed projection commits and pushes,
 * and Jane's socket receives lead.captured. Then one push fanned out to 1,000 sockets.
 */
export const dashboardBenchmark: Benchmark = {
  name: 'dashboard',
  description: 'inquiry → lead.captured latency; broadcast to 1,000 sockets',
  async run(ctx: BenchContext) {
    const wantLatency = ctx.wants('inquiry-to-dashboard');
    const wantFanout = ctx.wants('broadcast-1000-sockets');
    if (!wantLatency && !wantFanout) return;
    await withDemoServer(ctx, { TRUST_PROXY: '1' }, async ({ server, sockets }) => {
      const port = Number(new URL(server.url).port);

      if (wantLatency) {
        const jane = await connect(server.url, await signIn(port, 'agent@demo.test'));
        sockets.push(jane);
        const n = ctx.quick ? 100 : 500;
        ctx.progress(`inquiry-to-dashboard: ${n} inquiries, one at a time`);
        const { fromAccepted, fromSent } = await inquiryLatencies(port, jane, n, visitorAddress);
        const detail = `${n} inquiries; from the request: p50 ${percentile(fromSent, 50).toFixed(1)} ms, p95 ${percentile(fromSent, 95).toFixed(1)} ms`;
        ctx.record({
          key: 'inquiry-to-dashboard-p50',
          label: 'inquiry accepted → lead.captured at the agent, p50',
          value: percentile(fromAccepted, 50),
          unit: 'ms',
          lowerIsBetter: true,
          detail,
        });
        ctx.record({
          key: 'inquiry-to-dashboard-p95',
          label: 'inquiry accepted → lead.captured at the agent, p95',
          value: percentile(fromAccepted, 95),
          unit: 'ms',
          goal: 100,
          lowerIsBetter: true,
          detail,
        });
      }

      if (wantFanout) {
        const count = 1000;
        const cookie = await signIn(port, 'staff@porchlight.test');
        ctx.progress(`broadcast-1000-sockets: connecting ${count} sockets`);
        const staff: Socket[] = [];
        for (let i = 0; i < count; i += 50)
          staff.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => connect(server.url, cookie)))));
        sockets.push(...staff);
        const rounds = ctx.quick ? 3 : 7;
        const lasts: number[] = [];
        const firsts: number[] = [];
        for (let round = 0; round < rounds; round++) {
          let received = 0;
          let first = 0;
          let start = 0n;
          const done = new Promise<number>((resolve) => {
            for (const s of staff) {
              s.once('lead.captured', () => {
                if (received === 0) first = ms(start);
                if (++received === count) resolve(ms(start));
              });
            }
          });
          start = process.hrtime.bigint();
          const r = await post(port, 'jane.localhost', '/api/account/inquiry', inquiry(round), undefined, visitorAddress(100_000 + round));
          if (r.status !== 200) throw new Error(`inquiry answered ${r.status}`);
          const accepted = ms(start);
          const last = await done;
          lasts.push(last - accepted);
          firsts.push(first - accepted);
        }
        lasts.sort((a, b) => a - b);
        firsts.sort((a, b) => a - b);
        ctx.record({
          key: 'broadcast-1000-sockets',
          label: 'one push to 1,000 connected sockets: time to the last delivery',
          value: percentile(lasts, 50),
          unit: 'ms',
          lowerIsBetter: true,
          detail: `median of ${rounds}, from the inquiry's acceptance; first delivery ${percentile(firsts, 50).toFixed(1)} ms; server and clients in one process`,
        });
      }
    });
  },
};

/**
 * `n` inquiries on Jane's site one at a time (after 20 that warm up the JIT, pools and prepared
 * plans), each from its own address: the times from acceptance (HTTP 200) and from sending to
 * lead.captured on `agent`'s socket, sorted.
 */
export async function inquiryLatencies(
  port: number,
  agent: Socket,
  n: number,
  address: (i: number) => string,
): Promise<{ fromAccepted: number[]; fromSent: number[]; leads: { leadId: string; acceptedAt: number; pushedAt: number }[] }> {
  const waiting = new Map<string, (at: bigint) => void>();
  const early = new Map<string, bigint>();
  // Wall-clock times of each lead, to set beside the log's (where the time went, by stage).
  const leads: { leadId: string; acceptedAt: number; pushedAt: number }[] = [];
  const wall = (at: bigint) => performance.timeOrigin + Number(at - origin) / 1e6;
  const origin = process.hrtime.bigint() - BigInt(Math.round(performance.now() * 1e6));
  agent.on('lead.captured', (p: { leadId: string }) => {
    const at = process.hrtime.bigint();
    const w = waiting.get(p.leadId);
    if (w) w(at);
    else early.set(p.leadId, at);
  });
  const fromAccepted: number[] = [];
  const fromSent: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    const sent = process.hrtime.bigint();
    const r = await post(port, 'jane.localhost', '/api/account/inquiry', inquiry(i), undefined, address(i));
    const accepted = process.hrtime.bigint();
    if (r.status !== 200) throw new Error(`inquiry answered ${r.status}`);
    const leadId = r.body.leadId as string;
    const got = early.get(leadId) ?? (await new Promise<bigint>((resolve) => waiting.set(leadId, resolve)));
    waiting.delete(leadId);
    if (i >= 20) {
      fromAccepted.push(Number(got - accepted) / 1e6);
      fromSent.push(Number(got - sent) / 1e6);
      leads.push({ leadId, acceptedAt: wall(accepted), pushedAt: wall(got) });
    }
  }
  return { fromAccepted: fromAccepted.sort((a, b) => a - b), fromSent: fromSent.sort((a, b) => a - b), leads };
}
