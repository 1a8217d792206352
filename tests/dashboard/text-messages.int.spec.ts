import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { twilioSignature } from '../../src/modules/messaging/sms/twilio.sms';
import { ChangeSiteSettingsCommand } from '../../src/modules/sites';
import { demoSite, demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { WebClient } from '../support/web-client';
import { TWILIO_SID, TWILIO_TOKEN, twilioStandIn } from '../support/twilio-stand-in';

const SID = TWILIO_SID;
const TOKEN = TWILIO_TOKEN;
const PUBLIC_URL = 'https://porchlight.test';
const jane = demoUser('agent');

describe('text and video messages: MMSBulkSendCap, consent from the ledger, the Twilio adapter, STOP replies', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let twilio: Awaited<ReturnType<typeof twilioStandIn>>;

  beforeAll(async () => {
    twilio = await twilioStandIn();
    fixture = await startDashboardServer(twilio.env(PUBLIC_URL));
    server = fixture.server;
    // The office's cap is its broker site's; Jane's own site (the Host she signs in on) asks for more, which counts for nothing.
    await server.app
      .get(CommandBus)
      .execute(new ChangeSiteSettingsCommand({ siteId: demoSite('demo').siteId, changes: { MMSBulkSendCap: 2 } }, systemContext()));
    await server.app
      .get(CommandBus)
      .execute(new ChangeSiteSettingsCommand({ siteId: demoSite('jane').siteId, changes: { MMSBulkSendCap: 100_000 } }, systemContext()));
    await settle(server);
  });
  afterAll(async () => {
    await fixture?.stop();
    await twilio?.close();
  });

  it("refuses more recipients than the sender's office's MMSBulkSendCap with the exact alert, before sending anything, whatever the Host", async () => {
    const leads = await Promise.all([0, 1, 2].map(() => newLead(server, 'jane.localhost')));
    await settle(server);
    const agent = await signIn(server, jane.email, 'jane.localhost');
    const before = twilio.received.length;
    const res = await agent.post('/api/dashboard/messages/send', {
      leadIds: leads.map((l) => l.leadId),
      kind: 'video',
      body: 'Tour video',
      mediaUrl: 'https://cdn.example.com/tour.mp4',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Max allowed recipients of MMS (video) messages is 2.' });
    expect((await agent.post('/api/dashboard/messages/send', { leadIds: leads.map((l) => l.leadId), kind: 'text', body: 'Hi' })).body).toEqual({
      message: 'Max allowed recipients of MMS (video) messages is 2.',
    });
    // Signed in on the office's brand site (another Host), the office's cap still holds.
    const onBrand = await signIn(server, jane.email, 'brand.localhost');
    expect((await onBrand.post('/api/dashboard/messages/send', { leadIds: leads.map((l) => l.leadId), kind: 'text', body: 'Hi' })).status).toBe(400);
    expect(twilio.received.length).toBe(before);
  });

  it('sends through Twilio to consenting leads with a cell, skips the others, and records TextMessageSent', async () => {
    const yes = await newLead(server, 'jane.localhost', { Phone: '206-555-0199' });
    const no = await newLead(server, 'jane.localhost', { Phone: '2065550198' });
    expect((await no.client.post('/api/account/update', { UnsubscribeText: true })).status).toBe(200);
    await settle(server);
    const agent = await signIn(server, jane.email, 'jane.localhost');
    const before = twilio.received.length;
    const res = await agent.post('/api/dashboard/messages/send', {
      leadIds: [yes.leadId, no.leadId],
      kind: 'video',
      body: 'Your tour',
      mediaUrl: 'https://cdn.example.com/tour.mp4',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ isSuccess: true, sent: 1, skipped: [{ leadId: no.leadId, reason: 'no-consent' }] });
    const call = twilio.received.slice(before);
    expect(call).toHaveLength(1);
    expect(call[0]!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(call[0]!.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(call[0]!.form)).toEqual({
      To: '+12065550199',
      From: '+12065550000',
      Body: 'Your tour',
      MediaUrl: 'https://cdn.example.com/tour.mp4',
      StatusCallback: `${PUBLIC_URL}/api/messaging/sms/status`,
    });
    const [sent] = await server.runtime.store.readStream(`sms-${yes.leadId}`);
    expect(sent).toMatchObject({
      type: 'TextMessageSent',
      data: { kind: 'video', providerId: 'SM' + String(before + 1).padStart(32, '0'), byUserId: jane.userId },
    });
    // Another agent's lead is not texted (404 as a skip), and leads cannot send.
    const alex = await signIn(server, demoUser('agent2').email);
    expect((await alex.post('/api/dashboard/messages/send', { leadIds: [yes.leadId], kind: 'text', body: 'x' })).body.skipped).toEqual([
      { leadId: yes.leadId, reason: 'not-found' },
    ]);
    expect((await yes.client.post('/api/dashboard/messages/send', { leadIds: [yes.leadId], kind: 'text', body: 'x' })).status).toBe(403);
  });

  it('a signed STOP reply revokes text consent in the ledger; an unsigned or forged one is refused', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550177' });
    await settle(server);
    const params = { From: '+12065550177', To: '+12065550000', Body: 'Stop', MessageSid: 'SM1' };
    const form = new URLSearchParams(params).toString();
    const hook = WebClient.for(server.url, 'localhost');
    const raw = { body: form, contentType: 'application/x-www-form-urlencoded' };
    expect((await hook.request('POST', '/api/messaging/sms/inbound', { raw, origin: null })).status).toBe(403);
    const forged = twilioSignature('wrong-token-000', `${PUBLIC_URL}/api/messaging/sms/inbound`, params);
    expect((await hook.request('POST', '/api/messaging/sms/inbound', { raw, origin: null, headers: { 'x-twilio-signature': forged } })).status).toBe(403);
    const signature = twilioSignature(TOKEN, `${PUBLIC_URL}/api/messaging/sms/inbound`, params);
    const ok = await hook.request('POST', '/api/messaging/sms/inbound', { raw, origin: null, headers: { 'x-twilio-signature': signature } });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('<Response>');
    const me = await lead.client.get('/api/account/me');
    expect(me.body.user_UnsubscribeText).toBe(true);
    await settle(server);
    const agent = await signIn(server, jane.email, 'jane.localhost');
    const res = await agent.post('/api/dashboard/messages/send', { leadIds: [lead.leadId], kind: 'text', body: 'Still there?' });
    expect(res.body.skipped).toEqual([{ leadId: lead.leadId, reason: 'no-consent' }]);
    const timeline = (await agent.get(`/api/dashboard/leads/${lead.leadId}`)).body.timeline as { type: string; summary: string }[];
    expect(timeline.find((t) => t.type === 'ConsentChanged')?.summary).toBe('Text messages turned off (text reply)');
  });

  it('a signed STOP or START counts once per MessageSid: replayed after the lead changed their mind, it changes nothing', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550188' });
    await settle(server);
    const reply = (Body: string, MessageSid: string) => {
      const params = { From: '+12065550188', To: '+12065550000', Body, MessageSid };
      const raw = { body: new URLSearchParams(params).toString(), contentType: 'application/x-www-form-urlencoded' };
      const signature = twilioSignature(TOKEN, `${PUBLIC_URL}/api/messaging/sms/inbound`, params);
      return WebClient.for(server.url, 'localhost').request('POST', '/api/messaging/sms/inbound', {
        raw,
        origin: null,
        headers: { 'x-twilio-signature': signature },
      });
    };
    const stopped = async () => (await lead.client.get('/api/account/me')).body.user_UnsubscribeText as boolean;
    expect((await reply('STOP', 'SM-R1')).status).toBe(200);
    expect(await stopped()).toBe(true);
    expect((await reply('START', 'SM-R2')).status).toBe(200);
    expect(await stopped()).toBe(false);
    // The captured STOP posted again: answered, not applied.
    expect((await reply('STOP', 'SM-R1')).status).toBe(200);
    expect(await stopped()).toBe(false);
    // A new STOP still works.
    expect((await reply('STOP', 'SM-R3')).status).toBe(200);
    expect(await stopped()).toBe(true);
  });

  it("checks the signature over PUBLIC_URL with the path and query Twilio posted to, never over the request's Host", async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550166' });
    await settle(server);
    const params = { From: '+12065550166', To: '+12065550000', Body: 'STOP', MessageSid: 'SM2' };
    const raw = { body: new URLSearchParams(params).toString(), contentType: 'application/x-www-form-urlencoded' };
    const path = '/api/messaging/sms/inbound?site=jane&v=2';
    const post = (signedUrl: string, host = 'localhost') =>
      WebClient.for(server.url, host).request('POST', path, {
        raw,
        origin: null,
        headers: { 'x-twilio-signature': twilioSignature(TOKEN, signedUrl, params) },
      });
    // An attacker who chooses the Host header cannot choose what is signed.
    expect((await post(`http://evil.example${path}`, 'evil.example')).status).toBe(403);
    expect((await post(`http://localhost:${new URL(server.url).port}${path}`)).status).toBe(403);
    // Signed without the query it was posted with: not what Twilio signs.
    expect((await post(`${PUBLIC_URL}/api/messaging/sms/inbound`)).status).toBe(403);
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(false);
    expect((await post(`${PUBLIC_URL}${path}`)).status).toBe(200);
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(true);
  });
});

describe('the inbound SMS webhook without Twilio', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;

  beforeAll(async () => {
    fixture = await startDashboardServer();
  });
  afterAll(async () => {
    await fixture?.stop();
  });

  it('does not exist (404): nobody can post an unsigned STOP for somebody else', async () => {
    const lead = await newLead(fixture.server, 'jane.localhost', { Phone: '2065550155' });
    await settle(fixture.server);
    const raw = { body: new URLSearchParams({ From: '+12065550155', Body: 'STOP' }).toString(), contentType: 'application/x-www-form-urlencoded' };
    const res = await WebClient.for(fixture.server.url, 'localhost').request('POST', '/api/messaging/sms/inbound', { raw, origin: null });
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { message: expect.any(String) } });
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(false);
  });
});
