import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { LeadRetentionReactor } from '../../src/modules/privacy';
import { demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { everyEventOf } from '../support/events';

const DAY = 86_400_000;

describe('retention: leads with no activity for LEAD_RETENTION_DAYS are erased the same way, once (issue 18)', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;

  beforeAll(async () => {
    fixture = await startDashboardServer({ LEAD_RETENTION_DAYS: '30' });
    server = fixture.server;
  });
  afterAll(async () => {
    await fixture?.stop();
  });

  it('erases no lead before the retention, every quiet lead account after it, each once, and never an agent', async () => {
    const lead = await newLead(server, 'jane.localhost', { FullName: 'Rita Retained' });
    await settle(server);
    const reactor = server.app.get(LeadRetentionReactor);
    const agent = await signIn(server, demoUser('agent').email, 'jane.localhost');
    const nameOf = async (leadId: string) =>
      ((await agent.get('/api/dashboard/leads')).body as { leads: { leadId: string; fullName: string }[] }).leads.find((l) => l.leadId === leadId)?.fullName;
    // 29 days on, the new lead is kept (the demo's, days older, may already go).
    const early = await reactor.sweep(new Date(Date.now() + 29 * DAY));
    await settle(server);
    expect(await nameOf(lead.leadId)).toBe('Rita Retained');

    const erased = early + (await reactor.sweep(new Date(Date.now() + 31 * DAY)));
    expect(erased).toBeGreaterThan(early);
    await settle(server);
    expect(await nameOf(lead.leadId)).toBe('Erased person');
    const stored = { events: await everyEventOf(server.runtime.store, ['PersonErased']) };
    expect(stored.events).toHaveLength(erased);
    expect(
      stored.events.every((e) => (e.data as { how: string; byUserId: unknown }).how === 'retention' && (e.data as { byUserId: unknown }).byUserId === null),
    ).toBe(true);

    // Exactly once: a second sweep (or another instance's) finds nothing left to erase.
    expect(await reactor.sweep(new Date(Date.now() + 32 * DAY))).toBe(0);
    expect(await everyEventOf(server.runtime.store, ['PersonErased'])).toHaveLength(erased);
    // The agents still sign in.
    expect((await agent.get('/api/account/me')).status).toBe(200);
  });
});
