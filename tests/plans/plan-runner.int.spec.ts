import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { handleCommand } from '../../src/commands/handle-command';
import { type PauseReason, PAUSE_REASON_TEXT, type PlanStep } from '../../src/contract/plans';
import type { EventStore } from '../../src/eventstore/event-store.port';
import { userStream } from '../../src/modules/accounts';
import { AutomatedTextSender } from '../../src/modules/compliance/quiet-hours/automated-text-sender';
import { readMailbox, readSmsOutbox } from '../../src/modules/messaging';
import { PlanRunner } from '../../src/modules/plans';
import { enrolmentDecider } from '../../src/modules/plans/enrolment/enrol.decide';
import { leadPlansStream, planStream } from '../../src/modules/plans/plans.events';
import { planDecider } from '../../src/modules/plans/save-plan/save-plan.decide';
import { SKIP } from '../../src/modules/plans/run-steps/run-step.decide';
import { SiteResolver } from '../../src/modules/sites';
import { until } from '../organizer/organizer-fixture';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { leadSignedInFrom, zoneAtHour } from '../support/lead-zone';

const jane = demoUser('agent');
const broker = demoUser('broker');
const HOUR = 3_600_000;

/**
 * The action plans' process manager on a real database and server: every step kind takes effect
 * through the CRM's own commands and outboxes, a reply on any channel or an unsubscribe pauses the
 * plan before its next step, and a step is done once however many runners run it or crash.
 */
describe('action plans: the process manager', () => {
  const app = dashboardServer();
  let templateId: string;
  const pool = () => app.server.runtime.db.pool;
  const store = (): EventStore => app.server.runtime.store;
  const runner = () => app.server.app.get(PlanRunner);
  const texts = () => app.server.app.get(AutomatedTextSender);
  const another = () => {
    const s = app.server;
    return new PlanRunner(s.runtime, s.runtime.db.pool, s.runtime.store, s.app.get(SiteResolver));
  };

  beforeAll(async () => {
    const brokerC = await signIn(app.server, broker.email);
    const t = await brokerC.post('/api/dashboard/email-templates', {
      scope: 'office',
      name: 'Plan welcome',
      subject: 'Welcome, {first_name}',
      body: 'Hi {first_name},\n\nGlad you found us.\n\n{agent_name}',
    });
    expect(t.status, t.text).toBe(201);
    templateId = t.body.templateId as string;
    await settle(app.server);
  });

  const savePlan = async (steps: PlanStep[]): Promise<string> => {
    const planId = randomUUID();
    await handleCommand(
      store(),
      planStream(planId),
      planDecider,
      { kind: 'create', planId, scope: 'office', ownerId: broker.userId, byUserId: broker.userId, name: `Plan ${planId.slice(0, 6)}`, steps, triggers: [] },
      systemContext(),
    );
    return planId;
  };
  const enrol = async (leadId: string, planId: string, steps: PlanStep[]): Promise<string> => {
    const enrolmentId = randomUUID();
    await handleCommand(
      store(),
      leadPlansStream(leadId),
      enrolmentDecider,
      {
        kind: 'enrol',
        leadId,
        siteId: '00000000-0000-4000-9000-000000000002',
        enrolmentId,
        plan: { planId, name: 'Plan', version: 1, steps },
        byUserId: jane.userId,
        how: 'hand',
        triggerEventId: null,
        now: new Date().toISOString(),
      },
      systemContext(),
    );
    return enrolmentId;
  };
  const enrolment = async (enrolmentId: string) =>
    (
      await pool().query<{ status: string; pause_reason: string | null; next_index: number }>(
        'SELECT status, pause_reason, next_index FROM plan_enrolments WHERE enrolment_id = $1',
        [enrolmentId],
      )
    ).rows[0];
  const stepLog = async (enrolmentId: string) =>
    (
      await pool().query<{ idx: number; kind: string; outcome: string; reason: string | null }>(
        'SELECT idx, kind, outcome, reason FROM plan_step_log WHERE enrolment_id = $1 ORDER BY idx',
        [enrolmentId],
      )
    ).rows;
  const noWorkPending = async () => Number((await pool().query(`SELECT count(*) AS n FROM plan_work WHERE state = 'pending'`)).rows[0].n) === 0;
  const leadUser = async (leadId: string) => ((await store().readStream(`lead-${leadId}`))[0]!.data as { userId: string }).userId;
  const timelineOf = async (leadId: string) => {
    await settle(app.server);
    const janeC = await signIn(app.server, jane.email);
    return ((await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);
  };
  const events = async (stream: string, type: string) => (await store().readStream(stream)).filter((e) => e.type === type);
  /** A runner of a process that dies (throws) right after appending to a stream `dies` names: the record made, its work row not marked done. */
  const dyingAfterAppendTo = (dies: (streamId: string) => boolean) => {
    const s = app.server;
    const dying = new Proxy(s.runtime.store, {
      get(target, prop, receiver) {
        if (prop !== 'append') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<EventStore['append']>) => {
          const r = await target.append(...args);
          if (dies(args[0])) throw new Error('killed after the record');
          return r;
        };
      },
    });
    return new PlanRunner(s.runtime, s.runtime.db.pool, dying, s.app.get(SiteResolver));
  };
  /**
   * A real death records nothing, so what the dead process held is due at once for the next;
   * the throw that stands for it here is recorded as a failed try, whose next one the retry
   * policy puts seconds later: this undoes that wait.
   */
  const dueAfterDeath = () => pool().query(`UPDATE plan_work SET next_attempt_at = NULL WHERE state = 'pending'`);

  it('each step kind takes effect once: the e-mail through its outbox, the text through the SMS port, the task, the stage, the tags, and a wait in business hours', async () => {
    const { leadId, email } = await janesLead(app.server, { FullName: 'Pat Planner', Phone: '2065550181' });
    // Midday for Pat: the text goes as soon as the automated texts' outbox is swept (quiet-hours.int covers the night).
    await leadSignedInFrom(app.server, leadId, zoneAtHour(12));
    const steps: PlanStep[] = [
      { kind: 'email', templateId, condition: null },
      { kind: 'text', body: 'Hi {first_name}, this is {agent_name}.', condition: null },
      { kind: 'task', title: 'Call Pat back', taskType: 'call', dueInDays: 1, condition: null },
      { kind: 'stage', stage: 'Attempted contact', condition: null },
      { kind: 'add-tag', tag: 'nurture', condition: null },
      { kind: 'add-tag', tag: 'never', condition: { kind: 'tag-present', tag: 'vip' } },
      { kind: 'wait', amount: 1, unit: 'hours', condition: null },
      { kind: 'remove-tag', tag: 'nurture', condition: null },
    ];
    const planId = await savePlan(steps);
    const enrolmentId = await enrol(leadId, planId, steps);
    await until('the steps before the wait', async () => (await stepLog(enrolmentId)).length === 7 && (await noWorkPending()));
    await until('the e-mail', async () => (await readMailbox(pool(), email)).length === 1);
    const [mail] = await readMailbox(pool(), email);
    expect(mail!.subject).toBe('Welcome, Pat');
    await texts().sendDue(new Date());
    const sent = await readSmsOutbox(pool(), '2065550181');
    expect(sent.map((t) => t.body)).toEqual(['Hi Pat, this is Jane Agent.']);
    expect((await events(`lead-${leadId}`, 'LeadStageChanged')).map((e) => (e.data as { stage: string }).stage)).toContain('Attempted contact');
    const tags = await events(`lead-${leadId}`, 'LeadTagsChanged');
    expect((tags.at(-1)!.data as { tags: string[] }).tags).toEqual(['nurture']);
    expect((await stepLog(enrolmentId)).map((s) => [s.kind, s.outcome, s.reason])).toEqual([
      ['email', 'done', null],
      ['text', 'done', null],
      ['task', 'done', null],
      ['stage', 'done', null],
      ['add-tag', 'done', null],
      ['add-tag', 'skipped', SKIP.noTag('vip')],
      ['wait', 'done', null],
    ]);
    expect(await timelineOf(leadId)).toEqual(
      expect.arrayContaining([
        'Plan "Plan": E-mail "Plan welcome" sent',
        'Plan "Plan": Text "Hi {first_name}, this is {agent_name}." sent',
        'Plan "Plan": Task "Call Pat back" done',
        'Plan "Plan": Wait 1 business hour',
      ]),
    );
    const tasks = (await pool().query<{ title: string; assignee_id: string }>('SELECT title, assignee_id FROM tasks WHERE lead_id = $1', [leadId])).rows;
    expect(tasks).toEqual([{ title: 'Call Pat back', assignee_id: jane.userId }]);

    // The wait: not yet due now; due in business hours later (a week on is always past it).
    expect((await runner().run(new Date())).steps).toBe(0);
    expect((await runner().run(new Date(Date.now() + 7 * 24 * HOUR))).steps).toBe(1);
    await until('the last step', async () => (await enrolment(enrolmentId))?.status === 'finished' && (await noWorkPending()));
    await settle(app.server);
    expect(((await events(`lead-${leadId}`, 'LeadTagsChanged')).at(-1)!.data as { tags: string[] }).tags).toEqual([]);
    // Everything once.
    expect(await readMailbox(pool(), email)).toHaveLength(1);
    expect(await readSmsOutbox(pool(), '2065550181')).toHaveLength(1);
  });

  const replies: [string, PauseReason, (leadId: string) => Promise<void>][] = [
    [
      'a chat message',
      'replied-chat',
      async (leadId) => {
        const from = await leadUser(leadId);
        await append(`chat-${leadId}`, 'ChatMessageSent', {
          chatId: randomUUID(),
          leadId,
          siteId: SITE,
          messageId: randomUUID(),
          fromUserId: from,
          toUserId: jane.userId,
          text: 'Yes!',
        });
      },
    ],
    [
      'a text',
      'replied-text',
      (leadId) =>
        append(`sms-${leadId}`, 'TextMessageReceived', {
          leadId,
          siteId: SITE,
          messageId: randomUUID(),
          from: '+12065550182',
          body: 'Call me',
          media: [],
          providerId: `SM${randomUUID()}`,
        }),
    ],
    [
      'an e-mail',
      'replied-email',
      (leadId) =>
        append(`email-${leadId}`, 'LeadEmailReceived', {
          leadId,
          siteId: SITE,
          messageId: randomUUID(),
          from: 'lead@example.com',
          subject: 'Re',
          body: 'Sure',
          attachments: [],
        }),
    ],
    [
      'an unsubscribe',
      'unsubscribed',
      async (leadId) => {
        const userId = await leadUser(leadId);
        await append(userStream(userId), 'ConsentChanged', {
          userId,
          channel: 'email',
          granted: false,
          how: 'one-click',
          from: 'one-click unsubscribe',
          at: new Date().toISOString(),
        });
      },
    ],
  ];
  const SITE = '00000000-0000-4000-9000-000000000002';
  const append = async (stream: string, type: string, data: Record<string, unknown>) => {
    await store().append(stream, 'any', [{ type, data, eventId: randomUUID(), metadata: metadataOf(systemContext(new Date(), SITE)) }]);
  };

  for (const [what, reason, reply] of replies) {
    it(`pauses the moment the lead replies or unsubscribes (${what}): recorded with why, and the next step is never sent`, async () => {
      const { leadId, email } = await janesLead(app.server, { FullName: 'Rey Replier' });
      const steps: PlanStep[] = [
        { kind: 'add-tag', tag: 'started', condition: null },
        { kind: 'wait', amount: 1, unit: 'days', condition: null },
        { kind: 'email', templateId, condition: null },
      ];
      const enrolmentId = await enrol(leadId, await savePlan(steps), steps);
      await until('the first steps', async () => (await stepLog(enrolmentId)).length === 2);
      await reply(leadId);
      await until('the pause', async () => (await enrolment(enrolmentId))?.status === 'paused');
      expect((await enrolment(enrolmentId))!.pause_reason).toBe(reason);
      const paused = await events(leadPlansStream(leadId), 'PlanEnrolmentPaused');
      expect(paused.map((e) => e.data)).toEqual([{ leadId, enrolmentId, planId: expect.any(String), planName: 'Plan', reason, byUserId: null }]);
      // Long past the wait: a paused plan never sends.
      await runner().run(new Date(Date.now() + 30 * 24 * HOUR));
      await settle(app.server);
      expect(await stepLog(enrolmentId)).toHaveLength(2);
      expect(await readMailbox(pool(), email)).toHaveLength(0);
      // The lead's timeline says so, with why.
      expect(await timelineOf(leadId)).toContain(`Plan "Plan" paused: ${PAUSE_REASON_TEXT[reason]}`);
    });
  }

  it('a merge pauses the merged-away lead’s plans, so the person is not mailed twice; the survivor’s plan runs on', async () => {
    const survivor = await janesLead(app.server, { FullName: 'Sue Survivor' });
    const duplicate = await janesLead(app.server, { FullName: 'Sue Duplicate' });
    const steps: PlanStep[] = [
      { kind: 'add-tag', tag: 'started', condition: null },
      { kind: 'wait', amount: 1, unit: 'days', condition: null },
      { kind: 'email', templateId, condition: null },
    ];
    const planId = await savePlan(steps);
    const [kept, dropped] = [await enrol(survivor.leadId, planId, steps), await enrol(duplicate.leadId, planId, steps)];
    await until('the first steps', async () => (await stepLog(kept)).length === 2 && (await stepLog(dropped)).length === 2);
    const [survivorId, mergedId] = [await leadUser(survivor.leadId), await leadUser(duplicate.leadId)];
    const mergeId = randomUUID();
    const leads = [{ mergedLeadId: duplicate.leadId, survivorLeadId: survivor.leadId, mergedName: 'Sue Duplicate' }];
    // The merge is recorded on both accounts' streams, as the back-office's merge command does.
    for (const userId of [survivorId, mergedId])
      await append(`backoffice-${userId}`, 'AccountsMerged', { userId, mergeId, survivorId, mergedId, reason: 'same person', leads });
    await until('the pause', async () => (await enrolment(dropped))?.status === 'paused');
    expect((await enrolment(dropped))!.pause_reason).toBe('merged');
    expect((await enrolment(kept))!.status).toBe('active');
    expect(await events(leadPlansStream(duplicate.leadId), 'PlanEnrolmentPaused')).toHaveLength(1);
    await runner().run(new Date(Date.now() + 30 * 24 * HOUR));
    await settle(app.server);
    expect(await stepLog(dropped)).toHaveLength(2);
    expect(await stepLog(kept)).toHaveLength(3);
  });

  it('a reply the read model has not reached yet still stops the step: the log is read at the moment of sending', async () => {
    const { leadId, email } = await janesLead(app.server, { FullName: 'Quick Replier' });
    const steps: PlanStep[] = [
      { kind: 'wait', amount: 1, unit: 'hours', condition: null },
      { kind: 'email', templateId, condition: null },
    ];
    const enrolmentId = await enrol(leadId, await savePlan(steps), steps);
    await until('the wait', async () => (await stepLog(enrolmentId)).length === 1);
    await append(`sms-${leadId}`, 'TextMessageReceived', {
      leadId,
      siteId: SITE,
      messageId: randomUUID(),
      from: '+12065550183',
      body: 'Stop the e-mails, call me',
      media: [],
      providerId: `SM${randomUUID()}`,
    });
    // Straight to the runner, before the projection could queue the pause. Under load the
    // instance's own runner may have paused the enrolment from the queued reply first: then there
    // is no step left to run, and the outcome (paused by the reply, no mail) must be the same.
    const ran = await another().runStep(leadId, enrolmentId, 1, new Date(Date.now() + 7 * 24 * HOUR));
    if (!ran) expect((await events(leadPlansStream(leadId), 'PlanEnrolmentPaused')).length).toBe(1);
    expect((await events(leadPlansStream(leadId), 'PlanEnrolmentPaused')).map((e) => (e.data as { reason: string }).reason)).toEqual(['replied-text']);
    await settle(app.server);
    expect(await readMailbox(pool(), email)).toHaveLength(0);
  });

  it('consent is checked at the moment of sending: a lead who unsubscribed from e-mail has the e-mail step skipped, with why', async () => {
    const { leadId } = await janesLead(app.server, { FullName: 'Una Subscribed' });
    const userId = await leadUser(leadId);
    await append(userStream(userId), 'ConsentChanged', {
      userId,
      channel: 'email',
      granted: false,
      how: 'one-click',
      from: 'one-click unsubscribe',
      at: new Date().toISOString(),
    });
    await settle(app.server);
    const steps: PlanStep[] = [{ kind: 'email', templateId, condition: null }];
    const enrolmentId = await enrol(leadId, await savePlan(steps), steps);
    await until('the step', async () => (await stepLog(enrolmentId)).length === 1);
    expect(await stepLog(enrolmentId)).toEqual([{ idx: 0, kind: 'email', outcome: 'skipped', reason: SKIP.emailUnsubscribed }]);
    expect(await timelineOf(leadId)).toEqual(
      expect.arrayContaining(['Plan "Plan" started', `Plan "Plan": E-mail "Plan welcome" skipped: ${SKIP.emailUnsubscribed}`, 'Plan "Plan" finished']),
    );
    expect(await events(`email-${leadId}`, 'LeadEmailSent')).toHaveLength(0);
  });

  it('triggers enrol by themselves: a new lead of the site, a tag added, a stage reached; once per trigger event', async () => {
    const steps: PlanStep[] = [{ kind: 'add-tag', tag: 'triggered', condition: null }];
    const planId = randomUUID();
    await handleCommand(
      store(),
      planStream(planId),
      planDecider,
      {
        kind: 'create',
        planId,
        scope: 'office',
        ownerId: broker.userId,
        byUserId: broker.userId,
        name: 'Hot leads',
        steps,
        triggers: [
          { kind: 'tag-added', tag: 'hot' },
          { kind: 'new-lead', source: null, siteId: SITE },
          { kind: 'stage-changed', stage: 'nurture' },
        ],
      },
      systemContext(),
    );
    await settle(app.server);
    const enrolmentsOf = async (leadId: string) =>
      (await events(leadPlansStream(leadId), 'PlanEnrolled')).map((e) => e.data as { how: string; planId: string });
    // A new lead of the office's site.
    const { leadId } = await janesLead(app.server, { FullName: 'Tig Trigger' });
    await until('the new-lead enrolment', async () => (await enrolmentsOf(leadId)).length === 1);
    expect(await enrolmentsOf(leadId)).toEqual([expect.objectContaining({ how: 'trigger', planId })]);
    await until('its step', async () => (await events(`lead-${leadId}`, 'LeadTagsChanged')).length === 1);
    // While the lead is on the plan (its one step done: finished), a tag added enrols it again.
    const janeC = await signIn(app.server, jane.email);
    await until(
      'finished',
      async () => (await pool().query(`SELECT 1 FROM plan_enrolments WHERE lead_id = $1 AND status = 'finished'`, [leadId])).rowCount === 1,
    );
    expect((await janeC.request('PATCH', `/api/dashboard/leads/${leadId}`, { json: { tags: ['triggered', 'hot'] } })).status).toBe(200);
    await until('the tag enrolment', async () => (await enrolmentsOf(leadId)).length === 2);
    await settle(app.server);
    await runner().run(new Date());
    await settle(app.server);
    expect(await enrolmentsOf(leadId)).toHaveLength(2);
    // A stage reached (named in any case), once the second enrolment finished.
    await until(
      'finished again',
      async () => (await pool().query(`SELECT 1 FROM plan_enrolments WHERE lead_id = $1 AND status = 'finished'`, [leadId])).rowCount === 2,
    );
    expect((await janeC.request('PATCH', `/api/dashboard/leads/${leadId}`, { json: { stage: 'Nurture' } })).status).toBe(200);
    await until('the stage enrolment', async () => (await enrolmentsOf(leadId)).length === 3);
    // Archived, it enrols nobody (the leads of the tests after this one).
    await handleCommand(store(), planStream(planId), planDecider, { kind: 'archive', planId, byUserId: broker.userId, mayEdit: () => true }, systemContext());
    await settle(app.server);
  });

  it('exactly once: three runners on one database at once record each step once and send each message once', async () => {
    const { leadId, email } = await janesLead(app.server, { FullName: 'Ona Once', Phone: '2065550184' });
    await leadSignedInFrom(app.server, leadId, zoneAtHour(12));
    const steps: PlanStep[] = [
      { kind: 'wait', amount: 1, unit: 'hours', condition: null },
      { kind: 'email', templateId, condition: null },
      { kind: 'text', body: 'Hello {first_name}', condition: null },
    ];
    const enrolmentId = await enrol(leadId, await savePlan(steps), steps);
    await until('the wait', async () => (await stepLog(enrolmentId)).length === 1);
    const later = new Date(Date.now() + 7 * 24 * HOUR);
    const [a, b] = [another(), another()];
    for (let i = 0; i < 4; i++) {
      await Promise.all([a.run(later), b.run(later), runner().run(later)]);
      await settle(app.server);
    }
    await until('all done', async () => (await enrolment(enrolmentId))?.status === 'finished' && (await noWorkPending()));
    await until('the e-mail', async () => (await readMailbox(pool(), email)).length > 0);
    expect((await events(leadPlansStream(leadId), 'PlanStepRecorded')).length).toBe(3);
    expect(await events(`email-${leadId}`, 'LeadEmailSent')).toHaveLength(1);
    expect(await readMailbox(pool(), email)).toHaveLength(1);
    await Promise.all([texts().sendDue(later), texts().sendDue(later)]);
    expect(await readSmsOutbox(pool(), '2065550184')).toHaveLength(1);
  });

  it('a crash after the text was queued and said held for the night, before its work row was marked done: after restart it is queued and sent once, in the morning', async () => {
    const { leadId } = await janesLead(app.server, { FullName: 'Cara Crash', Phone: '2065550185' });
    // 23:00 for Cara now, and a week on: the text waits for her 08:00.
    await leadSignedInFrom(app.server, leadId, zoneAtHour(23));
    const steps: PlanStep[] = [
      { kind: 'wait', amount: 1, unit: 'hours', condition: null },
      { kind: 'text', body: 'Once, {first_name}', condition: null },
    ];
    const queued = async () =>
      (await pool().query<{ state: string; not_before: Date }>('SELECT state, not_before FROM automated_texts WHERE lead_id = $1', [leadId])).rows;
    // The app's own runner is stopped (a dead process); runners made here play the process before and after the crash.
    await runner().onModuleDestroy();
    {
      const enrolmentId = await enrol(leadId, await savePlan(steps), steps);
      await settle(app.server);
      const before = another();
      await before.run(new Date());
      await settle(app.server);
      const later = new Date(Date.now() + 7 * 24 * HOUR);
      expect(await before.runStep(leadId, enrolmentId, 1, later)).toBe(true);
      await settle(app.server);
      expect(
        Number((await pool().query(`SELECT count(*) AS n FROM plan_work WHERE lead_id = $1 AND kind = 'effect' AND state = 'pending'`, [leadId])).rows[0].n),
      ).toBe(1);

      // Restarted, it dies between the text being queued and said held and the row being marked done.
      const crashing = dyingAfterAppendTo((stream) => stream === `compliance-${leadId}`);
      await crashing.run(later);
      await dueAfterDeath();
      expect((await queued()).map((r) => r.state)).toEqual(['pending']);
      const morning = (await queued())[0]!.not_before;
      expect(morning.getTime() - later.getTime()).toBeGreaterThan(8 * HOUR);
      expect(morning.getTime() - later.getTime()).toBeLessThanOrEqual(9 * HOUR);
      expect(Number((await pool().query(`SELECT count(*) AS n FROM plan_work WHERE lead_id = $1 AND state = 'pending'`, [leadId])).rows[0].n)).toBe(1);

      // Restarted again: the row is done, the text queued once and said held once; nothing goes at night.
      await another().run(later);
      await another().run(later);
      expect(Number((await pool().query(`SELECT count(*) AS n FROM plan_work WHERE lead_id = $1 AND state = 'pending'`, [leadId])).rows[0].n)).toBe(0);
      expect(await queued()).toHaveLength(1);
      expect(await events(`compliance-${leadId}`, 'AutomatedTextHeld')).toHaveLength(1);
      expect(await texts().sendDue(later)).toBe(0);
      expect(await readSmsOutbox(pool(), '2065550185')).toHaveLength(0);

      // The morning: sent once, however many sweeps.
      await Promise.all([texts().sendDue(morning), texts().sendDue(new Date(morning.getTime() + HOUR))]);
      expect(await readSmsOutbox(pool(), '2065550185')).toHaveLength(1);
      expect(await events(`sms-${leadId}`, 'TextMessageSent')).toHaveLength(1);
      expect((await queued()).map((r) => r.state)).toEqual(['sent']);
    }
  });
  it('a burst: many leads’ e-mail steps falling due at once are decided and mailed in batches, each once, with three runners and a death after the records', async () => {
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(await janesLead(app.server, { FullName: `Bea Burst${i}`, Phone: '2065550186' }));
    const steps: PlanStep[] = [
      { kind: 'wait', amount: 1, unit: 'hours', condition: null },
      { kind: 'email', templateId, condition: null },
    ];
    await runner().onModuleDestroy();
    const planId = await savePlan(steps);
    const enrolments = await Promise.all(leads.map((l) => enrol(l.leadId, planId, steps)));
    await settle(app.server);
    await another().run(new Date());
    await settle(app.server);
    // Every e-mail step due at the same instant, recorded by three runners at once: each once.
    const later = new Date(Date.now() + 7 * 24 * HOUR);
    await Promise.all([another().run(later), another().run(later), another().run(later)]);
    await settle(app.server);
    for (const l of leads) expect(await events(leadPlansStream(l.leadId), 'PlanStepRecorded')).toHaveLength(2);
    // Their effects queued: the process taking them dies after each e-mail is recorded, before its row is marked done.
    await dyingAfterAppendTo((stream) => stream.startsWith('email-')).run(later);
    await dueAfterDeath();
    await Promise.all([another().run(later), another().run(later), another().run(later)]);
    await until('all done', async () => (await Promise.all(enrolments.map(enrolment))).every((e) => e?.status === 'finished') && (await noWorkPending()));
    for (const l of leads) {
      await until('the e-mail', async () => (await readMailbox(pool(), l.email)).length > 0);
      expect(await events(`email-${l.leadId}`, 'LeadEmailSent')).toHaveLength(1);
    }
    await settle(app.server);
    for (const l of leads) expect(await readMailbox(pool(), l.email)).toHaveLength(1);
  });
});
