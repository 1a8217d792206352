import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { loadLead } from '../../src/modules/leads';
import { NOTHING_TO_CONFIRM } from '../../src/modules/compliance/consent-wording/confirm-revocation.decide';
import { CONSENT_WORDING_RULES } from '../../src/modules/compliance/consent-wording/consent-wording-rules';
import { twilioSignature } from '../../src/modules/messaging/sms/twilio.sms';
import { type EvidenceEntry, firstBrokenLink } from '../../src/modules/compliance/lead-evidence/evidence-chain';
import { demoUser, newLead, registerOffice, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { TWILIO_TOKEN, twilioStandIn } from '../support/twilio-stand-in';
import { WebClient } from '../support/web-client';

const PUBLIC_URL = 'https://porchlight.test';
const jane = demoUser('agent');

describe("consent in the lead's own words, through the signed SMS webhook", () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let twilio: Awaited<ReturnType<typeof twilioStandIn>>;

  beforeAll(async () => {
    twilio = await twilioStandIn();
    fixture = await startDashboardServer(twilio.env(PUBLIC_URL));
    server = fixture.server;
  });
  afterAll(async () => {
    await fixture?.stop();
    await twilio?.close();
  });

  const reply = (from: string, Body: string, MessageSid: string) => {
    const params = { From: from, To: '+12065550000', Body, MessageSid };
    const raw = { body: new URLSearchParams(params).toString(), contentType: 'application/x-www-form-urlencoded' };
    const signature = twilioSignature(TWILIO_TOKEN, `${PUBLIC_URL}/api/messaging/sms/inbound`, params);
    return WebClient.for(server.url, 'localhost').request('POST', '/api/messaging/sms/inbound', {
      raw,
      origin: null,
      headers: { 'x-twilio-signature': signature },
    });
  };

  it('"please stop texting me" turns text consent off with the words as evidence, keeps the message, and later texts are skipped', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550141' });
    await settle(server);
    expect((await reply('+12065550141', 'Please stop texting me, thanks', 'SM-W1')).status).toBe(200);
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(true);
    const { lead: held } = await loadLead(server.runtime.store, lead.leadId);
    if (!held.exists) throw new Error('no lead');
    const ledger = (await server.runtime.store.readStream(`user-${held.userId}`)).filter((e) => e.type === 'ConsentChanged');
    expect(ledger.at(-1)?.data).toMatchObject({
      channel: 'text',
      granted: false,
      how: 'text-reply',
      from: `a text reply in the lead's words (rules ${CONSENT_WORDING_RULES.version}): "Please stop texting me, thanks"`,
    });
    await settle(server);
    const agent = await signIn(server, jane.email, 'jane.localhost');
    const res = await agent.post('/api/dashboard/messages/send', { leadIds: [lead.leadId], kind: 'text', body: 'Still there?' });
    expect(res.body.skipped).toEqual([{ leadId: lead.leadId, reason: 'no-consent' }]);
    const detail = (await agent.get(`/api/dashboard/leads/${lead.leadId}`)).body as { timeline: { type: string; summary: string }[] };
    expect(detail.timeline.find((t) => t.type === 'ConsentChanged')?.summary).toBe('Text messages turned off (text reply)');
    // The same delivery again changes nothing more.
    expect((await reply('+12065550141', 'Please stop texting me, thanks', 'SM-W1')).status).toBe(200);
    expect((await server.runtime.store.readStream(`sms-${lead.leadId}`)).filter((e) => e.type === 'TextMessageReceived')).toHaveLength(1);
  });

  it('"stop by at 5?" is not a revocation: consent stays, and the agent is asked to confirm on the timeline', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550142' });
    await settle(server);
    expect((await reply('+12065550142', 'Can you stop by at 5?', 'SM-W2')).status).toBe(200);
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(false);
    await settle(server);
    const agent = await signIn(server, jane.email, 'jane.localhost');
    const detail = (await agent.get(`/api/dashboard/leads/${lead.leadId}`)).body as { timeline: { type: string; summary: string }[] };
    expect(detail.timeline.find((t) => t.type === 'ConsentWordingUnclear')?.summary).toBe(
      "The lead's text may ask not to be contacted: confirm it to turn Text messages off",
    );
    // Another agent cannot answer it; the lead's agent confirms with one click, once.
    const alex = await signIn(server, demoUser('agent2').email);
    const confirmPath = `/api/dashboard/leads/${lead.leadId}/consent/confirm-revocation`;
    expect((await alex.post(confirmPath, {})).status).toBe(404);
    const ok = await agent.post(confirmPath, {});
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ isSuccess: true, channel: 'text' });
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(true);
    const again = await agent.post(confirmPath, {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: NOTHING_TO_CONFIRM });
  });

  it('"unstop" in a sentence restores it: "you can text me again"', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550143' });
    await settle(server);
    expect((await reply('+12065550143', 'No more texts please', 'SM-W3')).status).toBe(200);
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(true);
    expect((await reply('+12065550143', 'Actually you can text me again', 'SM-W4')).status).toBe(200);
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(false);
  });
});

describe('the evidence of a lead (contract section 13)', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;

  beforeAll(async () => {
    fixture = await startDashboardServer();
    server = fixture.server;
  });
  afterAll(async () => {
    await fixture?.stop();
  });

  it('lists the lead’s consent, owner and every event up to asOf as a chain that verifies, in scope only', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550151' });
    await settle(server);
    const between = new Date().toISOString();
    expect((await lead.client.post('/api/account/update', { UnsubscribeText: true })).status).toBe(200);
    await settle(server);
    const agent = await signIn(server, jane.email, 'jane.localhost');
    const res = await agent.get(`/api/dashboard/leads/${lead.leadId}/evidence`);
    expect(res.status, res.text).toBe(200);
    const body = res.body as { leadId: string; consent: { text: boolean }; ownerId: string | null; entries: EvidenceEntry[] };
    expect(body.leadId).toBe(lead.leadId);
    expect(body.consent.text).toBe(false);
    expect(body.ownerId).toBe(jane.userId);
    expect(body.entries.map((e) => e.type)).toContain('ConsentChanged');
    expect(body.entries.some((e) => ['PasswordSet', 'UserSignedIn'].includes(e.type))).toBe(false);
    expect(firstBrokenLink(body.entries)).toBeNull();
    const earlier = (await agent.get(`/api/dashboard/leads/${lead.leadId}/evidence?asOf=${encodeURIComponent(between)}`)).body as typeof body;
    expect(earlier.consent.text).toBe(true);
    expect(earlier.entries.length).toBeLessThan(body.entries.length);
    expect((await agent.get(`/api/dashboard/leads/${lead.leadId}/evidence?asOf=yesterday`)).body).toEqual({
      message: 'asOf must be a date and time with its offset',
    });
    const other = await registerOffice(server, 'evidence-other');
    const outsider = await signIn(server, other.brokerEmail);
    expect((await outsider.get(`/api/dashboard/leads/${lead.leadId}/evidence`)).status).toBe(404);
    expect((await lead.client.get(`/api/dashboard/leads/${lead.leadId}/evidence`)).status).toBe(403);
  });
});
