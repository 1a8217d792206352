import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { behaviourAlertsProjection } from '../../../../projections/behaviour-alerts';
import { anEvent } from '../../../../tests/support/events';
import { captured } from '../../../../tests/support/lead-events';
import { queueProcesses } from '../../../../tests/support/queue-processes';
import { BEHAVIOUR_QUEUES_MIGRATION } from '../../../database/migrations/054-behaviour-queues';
import type { Runtime } from '../../../runtime/runtime';
import { leadActivityStream, leadStream } from '../../leads';
import { behaviourAlertsStream } from '../behaviour.events';
import { behaviourAlertQueue } from './behaviour-alert.queue';
import { BehaviourDetector } from './behaviour-detector.reactor';

/**
 * The detector's queue and the read model it reads are two projections with checkpoints of their
 * own, on any instance: a process may stop when one has applied an event and the other has not.
 * Each run here is such a process, started over the same database with one of them or both.
 */
describe('behaviour detector queue: a process stopping between the read model and the queue', () => {
  const processes = queueProcesses();
  const { runUntilCaughtUp } = processes;
  const AGENT = randomUUID();
  const OFFICE = randomUUID();
  const SITE = randomUUID();

  const detector = () => new BehaviourDetector({} as Runtime, processes.db.pool, processes.store);
  const newLead = async () => {
    const leadId = randomUUID();
    const userId = randomUUID();
    await processes.store.append(leadStream(leadId), 'no_stream', [
      anEvent('LeadCaptured', captured({ leadId, userId, siteId: SITE }).data, SITE),
      anEvent('LeadAssigned', { leadId, siteId: SITE, agentId: AGENT, officeId: OFFICE, rule: 'round-robin', ruleVersion: 1 }, SITE),
    ]);
    const view = () =>
      processes.store.append(leadActivityStream(leadId), 'any', [
        anEvent('ListingViewed', { leadId, userId, siteId: SITE, pdid: 'NW-1', address: null, price: null }, SITE),
      ]);
    const alerts = async () => (await processes.store.readStream(behaviourAlertsStream(leadId))).filter((e) => e.type === 'BehaviourAlertRaised').length;
    const queued = async () =>
      Number((await processes.db.pool.query('SELECT count(*) AS n FROM behaviour_alert_queue WHERE lead_id = $1', [leadId])).rows[0].n);
    return { view, alerts, queued };
  };

  it('the read model applied the third view and the process stopped before the queue did: after restart the view is queued and alerts once', async () => {
    const lead = await newLead();
    await lead.view();
    await lead.view();
    await runUntilCaughtUp([behaviourAlertsProjection, behaviourAlertQueue]);
    await lead.view();
    await runUntilCaughtUp([behaviourAlertsProjection]);
    await detector().sweep(new Date());
    expect(await lead.alerts()).toBe(0);

    await runUntilCaughtUp([behaviourAlertsProjection, behaviourAlertQueue]);
    expect(await lead.queued()).toBe(3);
    await Promise.all([detector().sweep(new Date()), detector().sweep(new Date())]);
    await detector().sweep(new Date());
    expect(await lead.alerts()).toBe(1);
  });

  it('the queue applied the third view and the process stopped before the read model did: the view waits for the read model, then alerts once', async () => {
    const lead = await newLead();
    await lead.view();
    await lead.view();
    await runUntilCaughtUp([behaviourAlertsProjection, behaviourAlertQueue]);
    await lead.view();
    await runUntilCaughtUp([behaviourAlertQueue]);
    expect(await lead.queued()).toBe(3);
    await detector().sweep(new Date());
    expect(await lead.alerts()).toBe(0);

    await runUntilCaughtUp([behaviourAlertsProjection, behaviourAlertQueue]);
    await Promise.all([detector().sweep(new Date()), detector().sweep(new Date())]);
    await detector().sweep(new Date());
    expect(await lead.alerts()).toBe(1);
  });
});

describe('behaviour detector queue: an upgrade from the read model queueing the doings', () => {
  const processes = queueProcesses({ before: BEHAVIOUR_QUEUES_MIGRATION });
  const { runUntilCaughtUp } = processes;

  const viewingLead = async () => {
    const leadId = randomUUID();
    const siteId = randomUUID();
    await processes.store.append(leadActivityStream(leadId), 'no_stream', [
      anEvent('ListingViewed', { leadId, userId: randomUUID(), siteId, pdid: 'NW-1', address: null, price: null }, siteId),
    ]);
    return leadId;
  };
  const queued = async (leadId: string) =>
    Number((await processes.db.pool.query('SELECT count(*) AS n FROM behaviour_alert_queue WHERE lead_id = $1', [leadId])).rows[0].n);

  it('the queue starts where the read model stood at the migration: what the read model had applied (and queued) is not queued again, what follows is', async () => {
    const before = await viewingLead();
    await runUntilCaughtUp([behaviourAlertsProjection]);
    await processes.upgrade();
    const after = await viewingLead();
    await runUntilCaughtUp([behaviourAlertsProjection, behaviourAlertQueue]);
    expect(await queued(before)).toBe(0);
    expect(await queued(after)).toBe(1);
  });
});
