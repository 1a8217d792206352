import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actionPlansProjection } from '../../../../projections/action-plans';
import { anEvent } from '../../../../tests/support/events';
import { captured } from '../../../../tests/support/lead-events';
import { queueProcesses } from '../../../../tests/support/queue-processes';
import { PLAN_WORK_QUEUE_MIGRATION } from '../../../database/migrations/055-plan-work-queue';
import type { Runtime } from '../../../runtime/runtime';
import { smsStream } from '../../conversation/conversation.events';
import { leadStream } from '../../leads';
import type { SiteResolver } from '../../sites';
import { leadPlansStream, planStream } from '../plans.events';
import { PlanRunner } from './plan-runner.reactor';
import { planWorkQueue } from './plan-work.queue';

/**
 * The plan runner's queue and the action_plans read model it reads are two projections with
 * checkpoints of their own, on any instance: a process may stop when one has applied an event and
 * the other has not. Each run here is such a process, started over the same database with one of
 * them or both; the runners then work what is queued, two at once.
 */
describe('plan work queue: a process stopping between the read model and the queue', () => {
  const processes = queueProcesses();
  const { runUntilCaughtUp } = processes;
  const AGENT = randomUUID();
  const SITE = randomUUID();

  const both = [actionPlansProjection, planWorkQueue];
  /** Two plan runners at once, then one more (anything left undone or done twice would show). */
  const work = async () => {
    const runner = () => new PlanRunner({} as Runtime, processes.db.pool, processes.store, {} as SiteResolver);
    await Promise.all([runner().run(new Date()), runner().run(new Date())]);
    await runner().run(new Date());
  };
  /** An office plan a lead tagged hot is enrolled in. */
  const hotPlan = async (office: string) => {
    const planId = randomUUID();
    const data = {
      planId,
      scope: 'office',
      ownerId: office,
      name: 'Hot buyers',
      version: 1,
      byUserId: office,
      steps: [
        { kind: 'wait', amount: 2, unit: 'days', condition: null },
        { kind: 'wait', amount: 2, unit: 'days', condition: null },
      ],
      triggers: [{ kind: 'tag-added', tag: 'hot' }],
    };
    await processes.store.append(planStream(planId), 'no_stream', [anEvent('PlanSaved', data)]);
  };
  const newLead = async (office: string) => {
    const leadId = randomUUID();
    await processes.store.append(leadStream(leadId), 'no_stream', [
      anEvent('LeadCaptured', captured({ leadId, userId: randomUUID(), siteId: SITE }).data, SITE),
      anEvent('LeadAssigned', { leadId, siteId: SITE, agentId: AGENT, officeId: office, rule: 'round-robin', ruleVersion: 1 }, SITE),
    ]);
    const count = async (type: string) => (await processes.store.readStream(leadPlansStream(leadId))).filter((e) => e.type === type).length;
    return {
      tagHot: () =>
        processes.store.append(leadStream(leadId), 'any', [anEvent('LeadTagsChanged', { leadId, siteId: SITE, tags: ['Hot'], byUserId: AGENT }, SITE)]),
      textsBack: () =>
        processes.store.append(smsStream(leadId), 'any', [
          anEvent(
            'TextMessageReceived',
            { leadId, siteId: SITE, messageId: randomUUID(), from: '+12065550100', body: 'Thanks', media: [], providerId: randomUUID() },
            SITE,
          ),
        ]),
      enrolled: () => count('PlanEnrolled'),
      paused: () => count('PlanEnrolmentPaused'),
    };
  };

  it('the queue applied a tag and the plan it matches, and the process stopped before the read model did: the trigger waits for the read model, then enrols once', async () => {
    const office = randomUUID();
    const lead = await newLead(office);
    await runUntilCaughtUp(both);
    await hotPlan(office);
    await lead.tagHot();
    await runUntilCaughtUp([planWorkQueue]);
    await work();
    expect(await lead.enrolled()).toBe(0);

    await runUntilCaughtUp(both);
    await work();
    expect(await lead.enrolled()).toBe(1);
  });

  it('the read model applied a reply and the process stopped before the queue did: after restart the enrolment active then is paused once', async () => {
    const office = randomUUID();
    const lead = await newLead(office);
    await hotPlan(office);
    await lead.tagHot();
    await runUntilCaughtUp(both);
    await work();
    expect(await lead.enrolled()).toBe(1);
    // Its first step (a two-day wait) recorded, so no step of it is due: only the queued pause can stop it.
    await runUntilCaughtUp(both);
    await work();

    await lead.textsBack();
    await runUntilCaughtUp([actionPlansProjection]);
    await work();
    expect(await lead.paused()).toBe(0);

    await runUntilCaughtUp(both);
    await work();
    expect(await lead.paused()).toBe(1);
  });
});

describe('plan work queue: an upgrade from the read model queueing the work', () => {
  const processes = queueProcesses({ before: PLAN_WORK_QUEUE_MIGRATION });
  const { runUntilCaughtUp } = processes;

  const taggedLead = async () => {
    const leadId = randomUUID();
    const siteId = randomUUID();
    await processes.store.append(leadStream(leadId), 'no_stream', [
      anEvent('LeadCaptured', captured({ leadId, userId: randomUUID(), siteId }).data, siteId),
      anEvent('LeadAssigned', { leadId, siteId, agentId: randomUUID(), officeId: randomUUID(), rule: 'round-robin', ruleVersion: 1 }, siteId),
      anEvent('LeadTagsChanged', { leadId, siteId, tags: ['Hot'], byUserId: randomUUID() }, siteId),
    ]);
    return leadId;
  };
  const queuedFor = async (leadId: string) =>
    (await processes.db.pool.query<{ kind: string }>('SELECT kind FROM plan_work WHERE lead_id = $1 ORDER BY kind', [leadId])).rows.map((r) => r.kind);

  it('the queue starts where the read model stood at the migration: what the read model had applied (and queued) is not queued again, what follows is', async () => {
    const before = await taggedLead();
    await runUntilCaughtUp([actionPlansProjection]);
    await processes.upgrade();
    const after = await taggedLead();
    await runUntilCaughtUp([actionPlansProjection, planWorkQueue]);
    expect(await queuedFor(before)).toEqual([]);
    expect(await queuedFor(after)).toEqual(['trigger', 'trigger']);
  });
});
