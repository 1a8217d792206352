import { afterAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { LeadRouter } from '../../src/modules/leads';
import { demoUser, newLead, settle, startDashboardServer } from '../support/dashboard-fixture';
import { testConfig } from '../support/test-config';
import type { TestDatabase } from '../support/test-database';

/**
 * New leads have one way to an agent: the lead router takes them from the lead_routing read
 * model's waiting leads. A process that captured a lead and stopped before routing it (its
 * router gone, the projection's signal heard by nobody) leaves the lead waiting in the database,
 * and the next process routes it once, naming the capture as the assignment's cause.
 */
describe('a lead captured by a process that stopped before routing it', () => {
  let db: TestDatabase | undefined;
  let next: Started | undefined;

  afterAll(async () => {
    await next?.stop();
    await db?.drop();
  });

  it('is routed once by the next process, and its assignment names its capture', async () => {
    const first = await startDashboardServer();
    db = first.db;
    // The first process's router is gone: whatever routes the lead must find it in the database.
    await first.server.app.get(LeadRouter).onModuleDestroy();
    const { leadId } = await newLead(first.server, 'jane.localhost');
    await first.server.runtime.runner.waitForCatchUp();
    const waiting = await first.server.runtime.db.pool.query<{ lead_id: string }>('SELECT lead_id FROM routing_pending');
    expect(waiting.rows.map((r) => r.lead_id)).toEqual([leadId]);
    await first.server.stop();

    next = await startServer(testConfig(db.url));
    await settle(next);
    const events = await next.runtime.store.readStream(`lead-${leadId}`);
    const capture = events.find((e) => e.type === 'LeadCaptured')!;
    const assignments = events.filter((e) => e.type === 'LeadAssigned');
    expect(assignments).toHaveLength(1);
    expect(assignments[0]!.data).toMatchObject({ agentId: demoUser('agent').userId, rule: 'own-site' });
    expect(assignments[0]!.metadata).toMatchObject({ causationId: capture.eventId, correlationId: capture.metadata.correlationId });
  }, 120_000);
});
