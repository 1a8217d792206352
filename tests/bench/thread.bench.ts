import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { DEMO_SITES, DEMO_USERS } from '../../src/demo/demo-accounts';
import { twilioSignature } from '../../src/modules/messaging/sms/twilio.sms';
import type { Benchmark, BenchContext } from './bench';
import { connect, percentile, post, signIn } from './dashboard.bench';
import { withDemoServer } from './demo-server';
import { leadMessages } from './lead-messages';

const PUBLIC_URL = 'https://porchlight.test';
const TOKEN = 'bench-auth-token-1234';
const NUMBER = '+12065550001';
const INBOUND = '/api/messaging/sms/inbound';

/** One raw HTTP request; answers the status and the body as text. */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { host: `localhost:${port}`, ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A lead's one thread at size: 5,000 items (chat both ways and texts both ways) behind one lead,
 * then the agent's first page over HTTP (newest 50) and an inbound text, from Twilio's signed
 * webhook to the thread.item on the agent's socket.
 */
export const threadBenchmark: Benchmark = {
  name: 'thread',
  description: "a lead's thread of 5,000 items: first page; inbound text → agent's socket",
  async run(ctx: BenchContext) {
    const wantPage = ctx.wants('thread-first-page');
    const wantInbound = ctx.wants('inbound-text-to-agent');
    if (!wantPage && !wantInbound) return;
    const env = {
      TRUST_PROXY: '1',
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+12065550000',
      // Never called: inbound texts without media do not reach Twilio.
      TWILIO_API_URL: 'http://127.0.0.1:9',
      TWILIO_SITE_NUMBERS: `jane=${NUMBER}`,
    };
    await withDemoServer(ctx, env, async ({ server, db, sockets }) => {
      const port = Number(new URL(server.url).port);
      const jane = DEMO_USERS.find((u) => u.key === 'agent')!;
      const siteId = DEMO_SITES.find((s) => s.key === 'jane')!.siteId;
      const inquiry = await post(port, 'jane.localhost', '/api/account/inquiry', {
        FullName: 'Thread Bench',
        Email: `thread-${randomUUID()}@example.com`,
        Phone: '2065550188',
        Message: 'bench',
        LeadType: 'Buyer',
      });
      const leadId = inquiry.body.leadId as string;
      const cookie = await signIn(port, jane.email);
      await server.runtime.runner.waitForCatchUp();
      const userId = JSON.parse((await send(port, 'GET', `/api/dashboard/feed/lead/${leadId}`, { cookie, accept: 'application/json' })).text).lead
        .userId as string;

      const items = ctx.quick ? 1000 : 5000;
      ctx.progress(`thread: ${items} items on one lead`);
      for (let i = 0; i < items; i += 500) {
        const { chat, texts } = leadMessages({ leadId, siteId, userId, agentId: jane.userId, phone: '+12065550188' }, i, 250);
        await server.runtime.store.append(`chat-${leadId}`, 'any', chat);
        await server.runtime.store.append(`sms-${leadId}`, 'any', texts);
      }
      await server.runtime.runner.waitForCatchUp(120_000);
      // The setup's aftermath is not the figure: the agent's e-mail notices of the lead's 1,250
      // inbound texts go out first (an outbox sender competing with the reads measured).
      const pending = async () =>
        Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM reply_notice_outbox WHERE state = 'pending'`)).rows[0]!.n);
      ctx.progress(`thread: ${await pending()} reply notices to send first`);
      for (const deadline = Date.now() + 120_000; (await pending()) > 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 200));

      if (wantPage) {
        const n = ctx.quick ? 100 : 400;
        const times: number[] = [];
        for (let i = 0; i < n + 20; i++) {
          const start = process.hrtime.bigint();
          const r = await send(port, 'GET', `/api/dashboard/leads/${leadId}/thread`, { cookie, accept: 'application/json' });
          const took = Number(process.hrtime.bigint() - start) / 1e6;
          if (r.status !== 200 || JSON.parse(r.text).items.length !== 50) throw new Error(`thread answered ${r.status}`);
          if (i >= 20) times.push(took);
        }
        times.sort((a, b) => a - b);
        const detail = `${items} items on the lead, newest 50, over HTTP with the agent's session; ${n} requests one at a time; p50 ${percentile(times, 50).toFixed(1)} ms`;
        ctx.record({
          key: 'thread-first-page-p95',
          label: "a lead's thread, first page (50 of 5,000 items), p95",
          value: percentile(times, 95),
          unit: 'ms',
          goal: 20,
          lowerIsBetter: true,
          detail,
        });
      }

      if (wantInbound) {
        const socket = await connect(server.url, cookie);
        sockets.push(socket);
        const waiting = new Map<string, (at: bigint) => void>();
        const early = new Map<string, bigint>();
        socket.on('thread.item', (p: { item: { body: string } }) => {
          const at = process.hrtime.bigint();
          const w = waiting.get(p.item.body);
          if (w) w(at);
          else early.set(p.item.body, at);
        });
        const n = ctx.quick ? 50 : 200;
        const times: number[] = [];
        ctx.progress(`inbound-text-to-agent: ${n} texts, one at a time`);
        for (let i = 0; i < n + 20; i++) {
          const params = { From: '+12065550188', To: NUMBER, Body: `bench reply ${i}`, MessageSid: `SMbench${String(i).padStart(8, '0')}` };
          const form = new URLSearchParams(params).toString();
          const start = process.hrtime.bigint();
          const r = await send(
            port,
            'POST',
            INBOUND,
            { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}${INBOUND}`, params) },
            form,
          );
          if (r.status !== 200) throw new Error(`the webhook answered ${r.status}`);
          const got = early.get(params.Body) ?? (await new Promise<bigint>((resolve) => waiting.set(params.Body, resolve)));
          waiting.delete(params.Body);
          if (i >= 20) times.push(Number(got - start) / 1e6);
        }
        times.sort((a, b) => a - b);
        const detail = `${n} texts to a lead with ${items} items: signed webhook POST → matched by number → TextMessageReceived → lead_thread → thread.item at the agent's socket; p50 ${percentile(times, 50).toFixed(1)} ms`;
        ctx.record({
          key: 'inbound-text-to-agent-p95',
          label: "inbound text → the agent's socket, p95",
          value: percentile(times, 95),
          unit: 'ms',
          goal: 150,
          lowerIsBetter: true,
          detail,
        });
      }
    });
  },
};
