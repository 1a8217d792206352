import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ThreadItem } from '../../src/contract/thread';
import type { Started } from '../../src/main';
import { queueAutomatedText } from '../../src/modules/compliance';
import { AutomatedTextSender } from '../../src/modules/compliance/quiet-hours/automated-text-sender';
import { loadLead } from '../../src/modules/leads';
import { demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { leadSignedInFrom, zoneAtHour } from '../support/lead-zone';
import { twilioStandIn } from '../support/twilio-stand-in';
import type { WebClient } from '../support/web-client';

const PUBLIC_URL = 'https://porchlight.test';
const jane = demoUser('agent');

describe("quiet hours: 08:00 to 21:00 in the lead's zone", () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let twilio: Awaited<ReturnType<typeof twilioStandIn>>;
  let agent: WebClient;

  beforeAll(async () => {
    twilio = await twilioStandIn();
    fixture = await startDashboardServer(twilio.env(PUBLIC_URL));
    server = fixture.server;
    agent = await signIn(server, jane.email, 'jane.localhost');
  });
  afterAll(async () => {
    await fixture?.stop();
    await twilio?.close();
  });

  it("an agent's own text at night for the lead answers 409 with the lead's time and sends nothing; confirmed, it goes", async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '206-555-0181' });
    await leadSignedInFrom(server, lead.leadId, zoneAtHour(23));
    await settle(server);
    const before = twilio.received.length;
    const path = `/api/dashboard/leads/${lead.leadId}/messages`;
    const held = await agent.post(path, { channel: 'text', body: 'Still up?' });
    expect(held.status).toBe(409);
    expect(held.body).toEqual({
      message: expect.stringMatching(/^It is 23:\d\d for Vera Visitor\. Send anyway\?$/),
      quietHours: true,
      localTime: expect.stringMatching(/^23:\d\d$/),
    });
    expect(twilio.received.length).toBe(before);
    expect((await agent.post(path, { channel: 'text', body: 'Still up?', confirmQuietHours: true })).status).toBe(201);
    expect(twilio.received.length).toBe(before + 1);
    // E-mail and chat have no quiet hours.
    expect((await agent.post(path, { channel: 'chat', body: 'Hi there' })).status).toBe(201);
  });

  it('in the day for the lead, the text goes at once', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '206-555-0182' });
    await leadSignedInFrom(server, lead.leadId, zoneAtHour(12));
    await settle(server);
    expect((await agent.post(`/api/dashboard/leads/${lead.leadId}/messages`, { channel: 'text', body: 'Lunch viewing?' })).status).toBe(201);
  });

  const HOUR = 3_600_000;
  /** A plan's text to the lead, as the plan runner queues it. */
  const queue = async (leadId: string, body: string, now: Date) => {
    const { lead } = await loadLead(server.runtime.store, leadId);
    if (!lead.exists) throw new Error('no lead');
    return queueAutomatedText(
      server.runtime.store,
      server.runtime.db.pool,
      { lead, messageId: randomUUID(), byUserId: jane.userId, body, cellPhone: lead.phone!.replace(/\D/g, '') },
      now,
    );
  };
  const timeline = async (leadId: string) => {
    await settle(server);
    return ((await agent.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);
  };

  it("a plan's text due at 23:00 for the lead waits for 08:00, says so on the timeline, and goes in the morning", async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '206-555-0183' });
    const zone = zoneAtHour(23);
    await leadSignedInFrom(server, lead.leadId, zone);
    await settle(server);
    const now = new Date();
    const { notBefore } = await queue(lead.leadId, 'Your new listings are in', now);
    expect(notBefore.getTime() - now.getTime()).toBeGreaterThan(8 * HOUR);
    expect(notBefore.getTime() - now.getTime()).toBeLessThanOrEqual(9 * HOUR);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(notBefore)).toBe('08:00');
    expect(await timeline(lead.leadId)).toContainEqual(expect.stringMatching(/^Automated text held for quiet hours until \w{3} 08:00 \(the lead's time\)$/));

    const sender = server.app.get(AutomatedTextSender);
    expect(await sender.sendDue(now)).toBe(0);
    const toLead = () => twilio.received.filter((r) => r.form.get('To') === '+12065550183').map((r) => r.form.get('Body'));
    expect(toLead()).toEqual([]);
    expect(await sender.sendDue(notBefore)).toBe(1);
    expect(toLead()).toEqual(['Your new listings are in']);
    await settle(server);
    const items: ThreadItem[] = (await agent.get(`/api/dashboard/leads/${lead.leadId}/thread`)).body.items;
    expect(items.filter((i) => i.channel === 'text').map((i) => i.body)).toEqual(['Your new listings are in']);
  });

  it("no more than the office's daily number (3) of automated texts a day: the fourth waits for tomorrow's window", async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '206-555-0184' });
    await leadSignedInFrom(server, lead.leadId, zoneAtHour(12));
    await settle(server);
    const now = new Date();
    const slots = [];
    for (let i = 0; i < 4; i++) slots.push((await queue(lead.leadId, `Alert ${i}`, now)).notBefore.getTime());
    expect(slots.slice(0, 3)).toEqual([now.getTime(), now.getTime(), now.getTime()]);
    expect(slots[3]! - now.getTime()).toBeGreaterThan(19 * HOUR);
    expect(slots[3]! - now.getTime()).toBeLessThanOrEqual(20 * HOUR);
    expect(await timeline(lead.leadId)).toContainEqual(expect.stringMatching(/^Automated text held for the office's daily limit until \w{3} 08:00/));
  });

  it("the broker narrows the office's hours and daily number (never wider than 08:00–21:00); agents read them; plan texts follow them", async () => {
    const broker = await signIn(server, demoUser('broker').email);
    expect((await agent.get('/api/dashboard/office/text-rules')).body).toEqual({ startHour: 8, endHour: 21, perDay: 3 });
    expect((await agent.request('PUT', '/api/dashboard/office/text-rules', { json: { startHour: 9, endHour: 20, perDay: 2 } })).status).toBe(403);
    const wider = await broker.request('PUT', '/api/dashboard/office/text-rules', { json: { startHour: 7, endHour: 21, perDay: 2 } });
    expect(wider.status).toBe(400);
    expect(wider.body).toEqual({ message: expect.any(String) });
    expect((await broker.request('PUT', '/api/dashboard/office/text-rules', { json: { startHour: 20, endHour: 9, perDay: 2 } })).body).toEqual({
      message: 'The hours must start before they end',
    });
    const saved = await broker.request('PUT', '/api/dashboard/office/text-rules', { json: { startHour: 12, endHour: 13, perDay: 1 } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ startHour: 12, endHour: 13, perDay: 1 });
    expect((await agent.get('/api/dashboard/office/text-rules')).body).toEqual({ startHour: 12, endHour: 13, perDay: 1 });

    // 10:00 for the lead: inside 08:00–21:00 but before the office's 12:00.
    const lead = await newLead(server, 'jane.localhost', { Phone: '206-555-0185' });
    await leadSignedInFrom(server, lead.leadId, zoneAtHour(10));
    await settle(server);
    const now = new Date();
    const { notBefore } = await queue(lead.leadId, 'Midday only', now);
    expect(notBefore.getTime() - now.getTime()).toBeGreaterThan(1 * HOUR);
    expect(notBefore.getTime() - now.getTime()).toBeLessThanOrEqual(2 * HOUR);
    expect((await broker.request('PUT', '/api/dashboard/office/text-rules', { json: { startHour: 8, endHour: 21, perDay: 3 } })).status).toBe(200);
  });
});
