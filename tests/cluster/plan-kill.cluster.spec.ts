import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed-demo';
import { type Started, startServer } from '../../src/main';
import { readMailbox } from '../../src/modules/messaging';
import { type Instance, startInstance } from '../support/cluster-instance';
import { demoUser, newLead, PASSWORD, settle } from '../support/dashboard-fixture';
import { TEST_SECRET } from '../support/feed-fixture';
import { SmtpStandIn } from '../support/smtp-stand-in';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Issue 19's test "kill -9 during a send → the step is sent exactly once", with a real process
 * and a real SIGKILL: the built server runs an action plan whose first step e-mails a lead; its
 * mail relay takes the message's DATA and never acknowledges it, and the process is killed while
 * it waits. Another process on the same database then finishes the work: the step stays recorded
 * once, the e-mail recorded once, and it is delivered once (the unacknowledged attempt is the
 * one a relay may or may not have kept: the retry carries the same Message-ID, for it to drop).
 */
describe('an action plan step across kill -9 of the process sending its e-mail', () => {
  let db: TestDatabase;
  let relay: SmtpStandIn;
  let node: Instance | undefined;
  let after: Started | undefined;
  let planId: string;
  let leadId: string;
  let email: string;

  const count = async (type: string, stream: string) =>
    Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE type = $1 AND stream_id = $2', [type, stream])).rows[0]!.n);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    // The office's template, plan and lead, made through the product; this process then stops.
    const setup = await startServer(testConfig(db.url, { SECRET_KEY: TEST_SECRET }));
    await seedDemo(setup.runtime.store, setup.app.get(CommandBus), PASSWORD);
    await setup.runtime.runner.waitForCatchUp(60_000);
    const broker = WebClient.for(setup.url, 'localhost');
    expect((await broker.post('/api/account/login', { Email: demoUser('broker').email, password: PASSWORD })).body.isSuccess).toBe(true);
    const template = await broker.post('/api/dashboard/email-templates', {
      scope: 'office',
      name: 'Kill test',
      subject: 'Hello {first_name}',
      body: 'Hi {first_name}, {agent_name} here.',
    });
    expect(template.status, template.text).toBe(201);
    await settle(setup);
    const plan = await broker.post('/api/dashboard/plans', {
      scope: 'office',
      name: 'Kill test',
      steps: [{ kind: 'email', templateId: template.body.templateId, condition: null }],
    });
    expect(plan.status, plan.text).toBe(201);
    planId = plan.body.planId as string;
    ({ leadId, email } = await newLead(setup, 'jane.localhost', { FullName: 'Kim Killtest' }));
    await settle(setup);
    await setup.stop();
    relay = await new SmtpStandIn({ holdData: true }).start();
  }, 180_000);

  afterAll(async () => {
    await node?.kill();
    await after?.stop();
    await relay?.stop();
    await db?.drop();
  });

  it('is recorded once and delivered once', async () => {
    node = await startInstance('node-plan', { DATABASE_URL: db.url, SECRET_KEY: TEST_SECRET, SMTP_URL: relay.url, PROJECTION_POLL_MS: '100' });
    const jane = WebClient.for(`http://127.0.0.1:${node.port}`, 'localhost');
    expect((await jane.post('/api/account/login', { Email: demoUser('agent').email, password: PASSWORD })).body.isSuccess).toBe(true);
    const enrolled = await jane.post(`/api/dashboard/plans/${planId}/enrol`, { leadId });
    expect(enrolled.status, enrolled.text).toBe(201);

    // The step is decided and its e-mail handed to the relay, which never answers: kill -9 now.
    await until('the e-mail at the relay', async () => relay.received.some((m) => m.to.includes(email)));
    await node.kill();
    node = undefined;
    expect(await count('PlanStepRecorded', `lead-plans-${leadId}`)).toBe(1);
    expect(await count('LeadEmailSent', `email-${leadId}`)).toBe(1);
    expect(relay.accepted).toHaveLength(0);
    expect(await readMailbox(db.pool, email)).toHaveLength(0);

    // Another process (its mail kept in the database's mailbox) finishes what was left.
    after = await startServer(testConfig(db.url, { SECRET_KEY: TEST_SECRET }));
    const delivered = await until('the e-mail delivered', async () => {
      const box = await readMailbox(db.pool, email);
      return box.length > 0 ? box : null;
    });
    await sleep(2500);
    await settle(after);
    expect(await readMailbox(db.pool, email)).toHaveLength(1);
    expect(delivered[0]!.subject).toBe('Hello Kim');
    expect(await count('PlanStepRecorded', `lead-plans-${leadId}`)).toBe(1);
    expect(await count('LeadEmailSent', `email-${leadId}`)).toBe(1);
    const held = relay.received.filter((m) => m.to.includes(email));
    expect(held).toHaveLength(1);
    // The retry is the same message to whoever kept the first attempt: the same Message-ID.
    const messageId = delivered[0]!.headers['Message-ID'];
    expect(messageId).toMatch(/^<lead-email\.[\w.-]+@porchlight\.test>$/);
    expect(held[0]!.data.replace(/\r\n[ \t]+/g, ' ')).toContain(`Message-ID: ${messageId}`);
  }, 180_000);
});
