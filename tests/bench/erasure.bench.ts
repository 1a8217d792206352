import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { loadConfig } from '../../src/config/config';
import { DEMO_SITES, DEMO_USERS } from '../../src/demo/demo-accounts';
import { seedDemo } from '../../src/demo/seed-demo';
import { type Started, startServer } from '../../src/main';
import type { Benchmark, BenchContext } from './bench';
import { post, signIn } from './dashboard.bench';
import { leadMessages } from './lead-messages';

const PASSWORD = 'porchlight-demo';

/**
 * Forgetting a lead with 10,000 events (issue 18): chat both ways, texts both ways and agent
 * notes, every personal field sealed under the lead's key. Timed from staff's POST
 * /api/backoffice/accounts/{userId}/erase until every read model has applied PersonErased (the
 * lead list shows "Erased person"): keys destroyed, the event appended, outboxes and uploads
 * purged, the read models blanked.
 */
export const erasureBenchmark: Benchmark = {
  name: 'erasure',
  description: 'erasing a lead with 10,000 events: staff request → every read model blanked',
  async run(ctx: BenchContext) {
    if (!ctx.wants('erase-lead')) return;
    const db = await ctx.createDatabase();
    const config = loadConfig({ DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_SEED: '0', NODE_ENV: 'test' });
    let server: Started | undefined;
    try {
      server = await startServer(config, { fsync: true });
      await seedDemo(server.runtime.store, server.app.get(CommandBus), PASSWORD);
      await server.runtime.runner.waitForCatchUp();
      const port = Number(new URL(server.url).port);
      const jane = DEMO_USERS.find((u) => u.key === 'agent')!;
      const staff = DEMO_USERS.find((u) => u.key === 'staff')!;
      const siteId = DEMO_SITES.find((s) => s.key === 'jane')!.siteId;
      const inquiry = await post(port, 'jane.localhost', '/api/account/inquiry', {
        FullName: 'Erasure Bench',
        Email: `erase-${randomUUID()}@example.com`,
        Phone: '2065550177',
        Message: 'bench',
        LeadType: 'Buyer',
      });
      const leadId = inquiry.body.leadId as string;
      await server.runtime.runner.waitForCatchUp();
      const captured = (await server.runtime.store.readStream(`lead-${leadId}`)).find((e) => e.type === 'LeadCaptured')!;
      const userId = (captured.data as { userId: string }).userId;

      const total = ctx.quick ? 2000 : 10_000;
      ctx.progress(`erasure: ${total} events on one lead`);
      const meta = () => metadataOf(systemContext());
      for (let i = 0; i < total; i += 1000) {
        const { chat, texts } = leadMessages({ leadId, siteId, userId, agentId: jane.userId, phone: '+12065550177' }, i, 400);
        const notes = Array.from({ length: 200 }, (_, k) => {
          const data = { leadId, siteId, noteId: randomUUID(), text: `note ${i + k}`, authorId: jane.userId, authorName: 'Jane Agent' };
          return { type: 'LeadNoteWritten', data, eventId: randomUUID(), metadata: meta() };
        });
        await server.runtime.store.append(`chat-${leadId}`, 'any', chat);
        await server.runtime.store.append(`sms-${leadId}`, 'any', texts);
        await server.runtime.store.append(`notes-${leadId}`, 'any', notes);
      }
      // Setting up, not timed: the read models take in the 10,000 events (slowly on a busy machine).
      await server.runtime.runner.waitForCatchUp(600_000);
      const cookie = await signIn(port, staff.email);

      let status = 0;
      const m = await ctx.measure(async () => {
        const r = await post(port, 'localhost', `/api/backoffice/accounts/${userId}/erase`, { reason: 'bench' }, cookie);
        status = r.status;
        await server!.runtime.runner.waitForCatchUp(60_000);
      });
      if (status !== 200) throw new Error(`the erasure answered ${status}`);
      const { rows } = await server.runtime.db.pool.query<{ full_name: string }>('SELECT full_name FROM lead_feed WHERE lead_id = $1', [leadId]);
      if (rows[0]?.full_name !== 'Erased person') throw new Error('the lead list does not show the erased person');
      const detail = `${total} events on the lead (chat, texts both ways, agent notes), sealed; HTTP request → keys destroyed → PersonErased → outboxes purged → every read model applied it; CPU: PostgreSQL ${m.serverCpuMs === undefined ? '?' : Math.round(m.serverCpuMs)} ms, the server and bench process ${Math.round(m.clientCpuMs)} ms`;
      ctx.record({
        key: 'erase-lead',
        label: 'erasing a lead with 10,000 events',
        value: Math.round(m.seconds * 1000),
        unit: 'ms',
        goal: 2000,
        lowerIsBetter: true,
        detail,
      });
    } finally {
      await server?.stop();
      await db.close();
    }
  },
};
