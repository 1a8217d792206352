import { randomUUID } from 'node:crypto';
import { systemContext } from '../../src/commands/command-context';
import { handleCommand } from '../../src/commands/handle-command';
import type { PlanStep } from '../../src/contract/plans';
import { DEMO_USERS } from '../../src/demo/demo-accounts';
import { enrolmentDecider } from '../../src/modules/plans/enrolment/enrol.decide';
import { leadPlansStream } from '../../src/modules/plans/plans.events';
import { type Benchmark, type BenchContext, cpuPer } from './bench';
import { profiled } from './cpu-profile';
import { percentile, post, signIn } from './dashboard.bench';
import { withDemoServer } from './demo-server';

const visitorAddress = (i: number) => `10.9.${(i >> 8) & 255}.${i & 255}`;

/**
 * Action plans (issue 19 part 1): a plan's e-mail step falls due (the lead is enrolled: its first
 * step is due at once) and is sent: the action_plans projection wakes the PlanRunner, which
 * decides the step on the lead's plans stream; the projection queues its effect; the runner
 * records LeadEmailSent on the lead's e-mail thread; the lead-email outbox projection queues it and
 * the LeadEmailSender hands it to the Mailer (the outbox adapter's mail_outbox row). Measured from
 * the step's due time to that row's time: one lead at a time, then a burst of leads enrolled at once.
 */
export const plansBenchmark: Benchmark = {
  name: 'plans',
  description: 'plan step due → e-mail sent (one at a time, and a burst)',
  async run(ctx: BenchContext) {
    if (!ctx.wants('plan-step-due-to-sent')) return;
    await withDemoServer(ctx, { TRUST_PROXY: '1' }, async ({ server }) => {
      const port = Number(new URL(server.url).port);
      const broker = DEMO_USERS.find((u) => u.key === 'broker')!;
      const cookie = await signIn(port, broker.email);
      const tpl = await post(
        port,
        'localhost',
        '/api/dashboard/email-templates',
        { scope: 'office', name: 'Bench welcome', subject: 'Welcome {first_name}', body: 'Hi {first_name}' },
        cookie,
      );
      const templateId = tpl.body.templateId as string;
      const steps: PlanStep[] = [{ kind: 'email', templateId, condition: null }];
      const sequential = ctx.quick ? 20 : 100;
      const burst = ctx.quick ? 50 : 200;
      ctx.progress(`plans: ${sequential + burst} leads`);
      const leads: { leadId: string; email: string }[] = [];
      for (let i = 0; i < sequential + burst; i++) {
        const email = `plan-bench-${randomUUID()}@example.com`;
        const r = await post(
          port,
          'jane.localhost',
          '/api/account/inquiry',
          { FullName: `Plan Bench${i}`, Email: email, Phone: '2065550100', Message: 'bench', LeadType: 'Buyer' },
          undefined,
          visitorAddress(i),
        );
        if (r.status !== 200) throw new Error(`inquiry answered ${r.status}`);
        leads.push({ leadId: r.body.leadId as string, email });
      }
      await server.runtime.runner.waitForCatchUp();
      const pool = server.runtime.db.pool;
      const enrol = async (leadId: string): Promise<Date> => {
        const now = new Date();
        await handleCommand(
          server.runtime.store,
          leadPlansStream(leadId),
          enrolmentDecider,
          {
            kind: 'enrol',
            leadId,
            siteId: '00000000-0000-4000-9000-000000000002',
            enrolmentId: randomUUID(),
            plan: { planId: randomUUID(), name: 'Bench', version: 1, steps },
            byUserId: broker.userId,
            how: 'hand',
            triggerEventId: null,
            now: now.toISOString(),
          },
          systemContext(now),
        );
        return now;
      };
      const sentAt = async (email: string): Promise<Date | null> =>
        (await pool.query<{ created_at: Date }>('SELECT created_at FROM mail_outbox WHERE to_address = $1', [email])).rows[0]?.created_at ?? null;
      const waitSent = async (email: string): Promise<Date> => {
        for (let i = 0; i < 6000; i++) {
          const at = await sentAt(email);
          if (at) return at;
          await new Promise((r) => setTimeout(r, 5));
        }
        throw new Error('a plan e-mail was not sent within 30 s');
      };

      const one: number[] = [];
      for (const l of leads.slice(0, sequential)) {
        const due = await enrol(l.leadId);
        one.push((await waitSent(l.email)).getTime() - due.getTime());
      }
      const many: number[] = [];
      // CPU per e-mail of the burst (this process: server and bench; and PostgreSQL's); BENCH_CPU_PROFILE=1: where this process's goes.
      const burstRun = async () => {
        const dues = await Promise.all(leads.slice(sequential).map((l) => enrol(l.leadId)));
        for (const [i, l] of leads.slice(sequential).entries()) many.push((await waitSent(l.email)).getTime() - dues[i]!.getTime());
      };
      const m = await ctx.measure(async () => {
        if (process.env.BENCH_CPU_PROFILE) ctx.progress(`plans: CPU profile of the burst: ${(await profiled(burstRun)).summary}`);
        else await burstRun();
      });
      one.sort((a, b) => a - b);
      many.sort((a, b) => a - b);
      const detail =
        `${sequential} leads one at a time: p50 ${percentile(one, 50)} ms, p95 ${percentile(one, 95)} ms; ` +
        `${burst} leads enrolled at once: p50 ${percentile(many, 50)} ms, p95 ${percentile(many, 95)} ms (the figure: the worse p95), ${cpuPer(m, burst, 'e-mail')} in the burst; ` +
        'due time → mail_outbox row, through the projection, the PlanRunner, LeadEmailSent and the lead-email outbox';
      ctx.record({
        key: 'plan-step-due-to-sent-p95',
        label: 'plan step due → e-mail sent, p95',
        value: Math.max(percentile(one, 95), percentile(many, 95)),
        unit: 'ms',
        goal: 2000,
        lowerIsBetter: true,
        detail,
      });
    });
  },
};
