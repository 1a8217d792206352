import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadItem } from '../../src/contract/thread';
import type { Started } from '../../src/main';
import { demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { postTextStatus, TWILIO_FROM, TWILIO_SID, twilioStandIn } from '../support/twilio-stand-in';
import type { WebClient } from '../support/web-client';
import { randomUUID } from 'node:crypto';
import { queueAutomatedText } from '../../src/modules/compliance';
import { AutomatedTextSender } from '../../src/modules/compliance/quiet-hours/automated-text-sender';
import { loadLead } from '../../src/modules/leads';
import { leadSignedInFrom, zoneAtHour } from '../support/lead-zone';
import { type EvidenceEntry, firstBrokenLink } from '../../src/modules/compliance/lead-evidence/evidence-chain';

const PUBLIC_URL = 'https://porchlight.test';
const jane = demoUser('agent');

describe("a text's delivery, from Twilio's signed status callbacks to the thread", () => {
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

  /** The form Twilio posts to a StatusCallback (its own field names, both old and new). */
  const callback = (sid: string, status: string, to: string, extra: Record<string, string> = {}) => ({
    ApiVersion: '2010-04-01',
    AccountSid: TWILIO_SID,
    From: TWILIO_FROM,
    To: to,
    MessageSid: sid,
    SmsSid: sid,
    MessageStatus: status,
    SmsStatus: status,
    ...extra,
  });
  const status = (params: Record<string, string>, token?: string | null) => postTextStatus(server.url, PUBLIC_URL, params, token);
  /** The SID the stand-in answers for the next message it is sent. */
  const nextSid = () => `SM${(twilio.received.length + 1).toString().padStart(32, '0')}`;
  const textTo = async (phone: string, body: string) => {
    const lead = await newLead(server, 'jane.localhost', { Phone: phone });
    await settle(server);
    const sid = nextSid();
    const sent = await agent.post(`/api/dashboard/leads/${lead.leadId}/messages`, { channel: 'text', body, confirmQuietHours: true });
    expect(sent.status, sent.text).toBe(201);
    expect(twilio.received.at(-1)!.form.get('StatusCallback')).toBe(`${PUBLIC_URL}/api/messaging/sms/status`);
    return { leadId: lead.leadId, sid, itemId: sent.body.id as string };
  };
  const itemOf = async (leadId: string, itemId: string): Promise<ThreadItem> => {
    await settle(server);
    const items: ThreadItem[] = (await agent.get(`/api/dashboard/leads/${leadId}/thread`)).body.items;
    return items.find((i) => i.id === itemId)!;
  };

  it('sets queued, sent and delivered in order, ignores a late "sent", and a forged or unsigned callback changes nothing (403)', async () => {
    const { leadId, sid, itemId } = await textTo('206-555-0171', 'See you Saturday');
    expect(await itemOf(leadId, itemId)).toMatchObject({ deliveryState: 'queued', errorCode: null });

    expect((await status(callback(sid, 'queued', '+12065550171'))).status).toBe(204);
    expect((await status(callback(sid, 'sent', '+12065550171'))).status).toBe(204);
    expect(await itemOf(leadId, itemId)).toMatchObject({ deliveryState: 'sent', errorCode: null });

    // Forged (another token) and unsigned: refused, nothing recorded.
    const forged = await status(callback(sid, 'undelivered', '+12065550171', { ErrorCode: '30007' }), 'not-the-auth-token');
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ message: expect.any(String) });
    expect((await status(callback(sid, 'failed', '+12065550171'), null)).status).toBe(403);
    expect(await server.runtime.store.readStream(`textdelivery-${sid}`)).toHaveLength(2);
    expect(await itemOf(leadId, itemId)).toMatchObject({ deliveryState: 'sent', errorCode: null });

    expect((await status(callback(sid, 'delivered', '+12065550171'))).status).toBe(204);
    // Callbacks race: a "sent" that arrives after "delivered" does not take it back.
    expect((await status(callback(sid, 'sent', '+12065550171'))).status).toBe(204);
    expect(await itemOf(leadId, itemId)).toMatchObject({ deliveryState: 'delivered', errorCode: null });
    expect((await server.runtime.store.readStream(`textdelivery-${sid}`)).map((e) => (e.data as { state: string }).state)).toEqual([
      'queued',
      'sent',
      'delivered',
    ]);
  });

  it('keeps the error code of an undelivered text, and a report that arrives before the text is recorded still reaches it', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '206-555-0172' });
    await settle(server);
    const sid = nextSid();
    // Twilio's callback can beat our own record of the text.
    expect((await status(callback(sid, 'undelivered', '+12065550172', { ErrorCode: '30006' }))).status).toBe(204);
    await settle(server);
    const sent = await agent.post(`/api/dashboard/leads/${lead.leadId}/messages`, { channel: 'text', body: 'Call me back?', confirmQuietHours: true });
    expect(sent.status, sent.text).toBe(201);
    expect(await itemOf(lead.leadId, sent.body.id)).toMatchObject({ deliveryState: 'undelivered', errorCode: 30006 });
  });

  it('a signed callback naming another Twilio account changes nothing (403)', async () => {
    const { leadId, sid, itemId } = await textTo('206-555-0173', 'Hello');
    const other = await status({ ...callback(sid, 'failed', '+12065550173', { ErrorCode: '30003' }), AccountSid: 'AC-someone-else' });
    expect(other.status).toBe(403);
    expect(await itemOf(leadId, itemId)).toMatchObject({ deliveryState: 'queued' });
  });

  it('a number the carrier says is a landline (30006) stops automated texts: skipped, with why on the timeline', async () => {
    const { leadId, sid } = await textTo('206-555-0174', 'Are you there?');
    await leadSignedInFrom(server, leadId, zoneAtHour(12));
    expect((await status(callback(sid, 'undelivered', '+12065550174', { ErrorCode: '30006' }))).status).toBe(204);
    await settle(server);
    const { lead } = await loadLead(server.runtime.store, leadId);
    if (!lead.exists) throw new Error('no lead');
    const now = new Date();
    const messageId = randomUUID();
    await queueAutomatedText(
      server.runtime.store,
      server.runtime.db.pool,
      { lead, messageId, byUserId: jane.userId, body: 'New listings', cellPhone: '2065550174' },
      now,
    );
    const before = twilio.received.length;
    expect(await server.app.get(AutomatedTextSender).sendDue(now)).toBe(0);
    expect(twilio.received.length).toBe(before);
    const { rows } = await server.runtime.db.pool.query<{ state: string }>('SELECT state FROM automated_texts WHERE message_id = $1', [messageId]);
    expect(rows).toEqual([{ state: 'unreachable' }]);
    await settle(server);
    const timeline = ((await agent.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);
    expect(timeline).toContain("Automated text not sent: the lead's number cannot take texts (carrier error 30006)");
  });

  it("the lead's evidence holds each text's delivery report (state, carrier error, time) inside its hash chain", async () => {
    const { leadId, sid, itemId } = await textTo('206-555-0175', 'Open house on Sunday');
    expect((await status(callback(sid, 'sent', '+12065550175'))).status).toBe(204);
    expect((await status(callback(sid, 'undelivered', '+12065550175', { ErrorCode: '30005' }))).status).toBe(204);
    await settle(server);
    const res = await agent.get(`/api/dashboard/leads/${leadId}/evidence`);
    expect(res.status, res.text).toBe(200);
    const evidence = res.body as { deliveries: unknown[]; entries: EvidenceEntry[] };
    expect(evidence.deliveries).toEqual([{ channel: 'text', messageId: itemId, state: 'undelivered', errorCode: 30005, at: expect.any(String) }]);
    const reports = evidence.entries.filter((e) => e.type === 'TextDeliveryReported').map((e) => e.data);
    expect(reports).toEqual([
      { providerId: sid, state: 'sent', errorCode: null, messageId: itemId },
      { providerId: sid, state: 'undelivered', errorCode: 30005, messageId: itemId },
    ]);
    expect(firstBrokenLink(evidence.entries)).toBeNull();
  });

  it('an undelivered text counts in the reports for the agent who sent it, not the agent the lead was reassigned to afterwards', async () => {
    const alex = demoUser('agent2');
    const { leadId, sid } = await textTo('206-555-0176', 'Still interested in the condo?');
    expect((await status(callback(sid, 'undelivered', '+12065550176', { ErrorCode: '30003' }))).status).toBe(204);
    await settle(server);
    const broker = await signIn(server, demoUser('broker').email);
    expect((await broker.post(`/api/dashboard/leads/${leadId}/reassign`, { agentId: alex.userId })).status).toBe(200);
    await settle(server);
    const perAgent = (await broker.get('/api/dashboard/reports')).body.undelivered.perAgent as { agentId: string; texts: number }[];
    expect(perAgent.find((a) => a.agentId === alex.userId)).toBeUndefined();
    expect(perAgent.find((a) => a.agentId === jane.userId)?.texts).toBeGreaterThanOrEqual(1);
    expect((await (await signIn(server, alex.email)).get('/api/dashboard/reports')).body.undelivered).toMatchObject({ texts: 0 });
  });
});
