import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
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
});
