import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREAD_MESSAGES, type ThreadItem } from '../../src/contract/thread';
import type { Started } from '../../src/main';
import { userIdByEmail } from '../../src/modules/accounts';
import { leadIdFor } from '../../src/modules/leads';
import { anEvent } from '../support/events';
import { connectSocket, demoSite, demoUser, newLead, record, settle, signIn, startDashboardServer, until } from '../support/dashboard-fixture';
import { PNG_1X1, postInboundText, TWILIO_FROM, TWILIO_SID, twilioStandIn } from '../support/twilio-stand-in';
import { WebClient } from '../support/web-client';

const PUBLIC_URL = 'https://porchlight.test';
/** Jane's site has a texting number of its own; the demo site shares TWILIO_FROM. */
const JANE_NUMBER = '+12065550001';
const jane = demoUser('agent');

describe('one conversation per lead: the thread, answers on any channel, inbound texts, unread counts', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let twilio: Awaited<ReturnType<typeof twilioStandIn>>;
  let agent: WebClient;
  const sockets: Socket[] = [];

  const thread = async (client: WebClient, leadId: string, before?: string) =>
    client.get(`/api/dashboard/leads/${leadId}/thread${before ? `?before=${before}` : ''}`);
  const items = async (leadId: string): Promise<ThreadItem[]> => (await thread(agent, leadId)).body.items;
  const inbound = (params: Record<string, string>, token?: string | null) => postInboundText(server.url, PUBLIC_URL, params, token);
  const append = (stream: string, type: string, data: Record<string, unknown>, at?: string) => {
    const e = anEvent(type, data, data.siteId as string);
    return server.runtime.store.append(stream, 'any', [at ? { ...e, metadata: { ...e.metadata, at } } : e]);
  };
  const socketOf = async (client: WebClient) => {
    const s = await connectSocket(server, client);
    sockets.push(s);
    return { socket: s, got: record(s) };
  };

  beforeAll(async () => {
    twilio = await twilioStandIn();
    fixture = await startDashboardServer(twilio.env(PUBLIC_URL, { TWILIO_SITE_NUMBERS: `jane=${JANE_NUMBER}` }));
    server = fixture.server;
    agent = await signIn(server, jane.email, 'jane.localhost');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await fixture?.stop();
    await twilio?.close();
  });

  it("orders a lead's chat, the agent's text from the site's number, the lead's text reply, e-mails both ways and a call in one thread", async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '206-555-0142' });
    await settle(server);
    const userId = (await agent.get(`/api/dashboard/feed/lead/${lead.leadId}`)).body.lead.userId as string;
    expect((await lead.client.post('/api/dashboard/chat/sendmessage', { text: 'Is the house on Pine still available?' })).status).toBe(200);
    const sent = await agent.post(`/api/dashboard/leads/${lead.leadId}/messages`, {
      channel: 'text',
      body: 'Yes! Want to see it Saturday?',
      confirmQuietHours: true,
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toEqual({ id: expect.any(String), channel: 'text' });
    expect(Object.fromEntries(twilio.received.at(-1)!.form)).toMatchObject({ To: '+12065550142', From: JANE_NUMBER, Body: 'Yes! Want to see it Saturday?' });
    expect((await inbound({ From: '+12065550142', To: JANE_NUMBER, Body: 'Yes saturday works', MessageSid: 'SMthread0001' })).status).toBe(200);
    const siteId = demoSite('jane').siteId;
    await append(`email-${lead.leadId}`, 'LeadEmailSent', {
      leadId: lead.leadId,
      siteId,
      messageId: randomUUID(),
      byUserId: jane.userId,
      subject: 'Saturday',
      body: 'See you at 10',
      templateId: null,
    });
    await append(`email-${lead.leadId}`, 'LeadEmailReceived', {
      leadId: lead.leadId,
      siteId,
      messageId: randomUUID(),
      from: lead.email,
      subject: 'Re: Saturday',
      body: 'Great',
      attachments: [],
    });
    await append(`calls-${lead.leadId}`, 'CallLogged', {
      leadId: lead.leadId,
      siteId,
      callId: randomUUID(),
      byUserId: jane.userId,
      outcome: 'connected',
      durationSeconds: 95,
      notes: 'Confirmed the time',
    });
    await settle(server);

    const got = await items(lead.leadId);
    expect(got.map((i) => [i.channel, i.direction, i.body])).toEqual([
      ['chat', 'in', 'Is the house on Pine still available?'],
      ['text', 'out', 'Yes! Want to see it Saturday?'],
      ['text', 'in', 'Yes saturday works'],
      ['email', 'out', 'See you at 10'],
      ['email', 'in', 'Great'],
      ['call', 'out', 'Confirmed the time'],
    ]);
    expect(got.map((i) => i.authorId)).toEqual([userId, jane.userId, userId, jane.userId, userId, jane.userId]);
    expect(got[0]).toMatchObject({ readAt: null });
    expect(got[1]).not.toHaveProperty('readAt');
    expect(got[3]).toMatchObject({ subject: 'Saturday' });
    expect(got[5]).toMatchObject({ outcome: 'connected', durationSeconds: 95 });
    expect(got.map((i) => i.at)).toEqual(got.map((i) => i.at).sort());

    // The composer: the last channel used, and every channel open to this lead.
    const channels = await agent.get(`/api/dashboard/leads/${lead.leadId}/thread/channels`);
    expect(channels.body).toEqual({
      lastChannel: 'email',
      channels: [
        { channel: 'chat', available: true, reason: null },
        { channel: 'text', available: true, reason: null },
        { channel: 'email', available: true, reason: null },
      ],
    });
    // E-mail from the thread is the CRM's e-mail (the leads context's): it joins the thread as sent.
    const email = await agent.post(`/api/dashboard/leads/${lead.leadId}/messages`, { channel: 'email', subject: 'Hi', body: 'Hello from the thread' });
    expect(email.status, email.text).toBe(201);
    expect(email.body).toMatchObject({ channel: 'email' });
    await settle(server);
    const afterEmail = (await agent.get(`/api/dashboard/leads/${lead.leadId}/thread`)).body.items as {
      id: string;
      channel: string;
      direction: string;
      body: string;
    }[];
    expect(afterEmail.at(-1)).toMatchObject({ id: email.body.id, channel: 'email', direction: 'out', body: 'Hello from the thread' });

    // Chat from the thread is the lead's chat: their own view is the chat as before.
    expect((await agent.post(`/api/dashboard/leads/${lead.leadId}/messages`, { channel: 'chat', body: 'See you then' })).status).toBe(201);
    await settle(server);
    const chat = (await lead.client.post('/api/dashboard/chat/getchat', {})).body;
    expect(chat.messages.map((m: { text: string }) => m.text)).toEqual(['Is the house on Pine still available?', 'See you then']);
  });

  it('pages backwards by (at, id): newest last, 50 at a time, every item once', async () => {
    const lead = await newLead(server, 'jane.localhost');
    await settle(server);
    const userId = (await agent.get(`/api/dashboard/feed/lead/${lead.leadId}`)).body.lead.userId as string;
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    for (let i = 0; i < 120; i++) {
      // Pairs at the same instant: their order is their ids'.
      const at = new Date(base + Math.floor(i / 2) * 1000).toISOString();
      const fromLead = i % 3 === 0;
      await append(
        `chat-${lead.leadId}`,
        'ChatMessageSent',
        {
          chatId: lead.leadId,
          leadId: lead.leadId,
          siteId: demoSite('jane').siteId,
          messageId: randomUUID(),
          fromUserId: fromLead ? userId : jane.userId,
          toUserId: fromLead ? jane.userId : userId,
          text: `m${i}`,
        },
        at,
      );
    }
    await settle(server);
    const pages: ThreadItem[][] = [];
    let before: string | undefined;
    for (;;) {
      const res = await thread(agent, lead.leadId, before);
      expect(res.status).toBe(200);
      pages.push(res.body.items);
      if (!res.body.hasMore) break;
      before = res.body.items[0].id;
    }
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
    const all = pages.reverse().flat();
    expect(new Set(all.map((i) => i.id)).size).toBe(120);
    const key = (i: ThreadItem) => `${i.at} ${i.id}`;
    expect(all.map(key)).toEqual(all.map(key).sort());
    expect(all.at(-1)!.at).toBe(new Date(base + 59_000).toISOString());
  });

  it('is scoped like the dashboard: the agent and their broker and staff read it; another agent 404, the lead 403, signed out 401', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550144' });
    await settle(server);
    const path = `/api/dashboard/leads/${lead.leadId}`;
    const broker = await signIn(server, demoUser('broker').email);
    const staff = await signIn(server, demoUser('staff').email);
    const alex = await signIn(server, demoUser('agent2').email);
    const nobody = WebClient.for(server.url, 'jane.localhost');
    for (const c of [agent, broker, staff]) expect((await c.get(`${path}/thread`)).status).toBe(200);
    expect((await alex.get(`${path}/thread`)).status).toBe(404);
    expect((await alex.get(`${path}/thread/channels`)).status).toBe(404);
    expect((await alex.post(`${path}/messages`, { channel: 'text', body: 'x' })).status).toBe(404);
    expect((await alex.post(`${path}/thread/read`, {})).status).toBe(404);
    expect((await lead.client.get(`${path}/thread`)).status).toBe(403);
    expect((await lead.client.post(`${path}/messages`, { channel: 'chat', body: 'x' })).status).toBe(403);
    expect((await nobody.get(`${path}/thread`)).status).toBe(401);
    expect((await nobody.post(`${path}/messages`, { channel: 'chat', body: 'x' })).status).toBe(401);
    expect((await agent.get(`/api/dashboard/leads/${randomUUID()}/thread`)).status).toBe(404);
    expect((await agent.post(`${path}/messages`, { channel: 'fax', body: 'x' })).status).toBe(400);
    expect((await agent.post(`${path}/messages`, { channel: 'text', body: '  ' })).body).toEqual({ message: THREAD_MESSAGES.empty });
    // The broker texts the lead but the chat is the agent's and the lead's.
    expect((await broker.post(`${path}/messages`, { channel: 'chat', body: 'Hello' })).body).toEqual({ message: THREAD_MESSAGES.chatAgentOnly });
    expect((await broker.post(`${path}/messages`, { channel: 'text', body: 'Hello from the office', confirmQuietHours: true })).status).toBe(201);
  });

  it("lets an agent read an office pond lead's thread but write only once claimed", async () => {
    const broker = await signIn(server, demoUser('broker').email);
    expect((await broker.request('PATCH', '/api/dashboard/routing', { json: { pond: { enabled: true, claimWindowMinutes: 0 } } })).status).toBe(200);
    try {
      await settle(server);
      const lead = await newLead(server, 'demo.localhost');
      await settle(server);
      const mine = await signIn(server, jane.email);
      expect((await mine.get(`/api/dashboard/leads/${lead.leadId}/thread`)).status).toBe(200);
      const res = await mine.post(`/api/dashboard/leads/${lead.leadId}/messages`, { channel: 'chat', body: 'Hi' });
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { message: THREAD_MESSAGES.claimFirst } });
      expect((await mine.get(`/api/dashboard/leads/${lead.leadId}/thread/channels`)).body.channels.map((c: { reason: string }) => c.reason)).toEqual(
        Array(3).fill(THREAD_MESSAGES.claimFirst),
      );
    } finally {
      await broker.request('PATCH', '/api/dashboard/routing', { json: { pond: { enabled: false, claimWindowMinutes: 0 } } });
      await settle(server);
    }
  });

  it("pushes an inbound text live to the agent's two tabs and their broker (not another agent), and counts it unread until read", async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550145' });
    await settle(server);
    const position = (await agent.get('/api/dashboard/feed')).body.position as string;
    const tab1 = await socketOf(agent);
    const tab2 = await socketOf(await signIn(server, jane.email, 'jane.localhost'));
    const broker = await socketOf(await signIn(server, demoUser('broker').email));
    const alex = await socketOf(await signIn(server, demoUser('agent2').email));
    expect((await inbound({ From: '+12065550145', To: JANE_NUMBER, Body: 'Can we do 11 instead?', MessageSid: 'SMthread0005' })).status).toBe(200);
    const pushed = (g: Map<string, Record<string, unknown>[]>) => g.get('thread.item')?.find((p) => p.leadId === lead.leadId);
    for (const s of [tab1, tab2, broker]) {
      const p = await until(() => pushed(s.got));
      expect(p).toMatchObject({
        leadId: lead.leadId,
        agentId: jane.userId,
        item: { channel: 'text', direction: 'in', body: 'Can we do 11 instead?' },
        position: expect.any(String),
      });
    }
    expect(pushed(alex.got)).toBeUndefined();

    const unread = (await agent.get('/api/dashboard/thread/unread')).body;
    expect(unread.byLead[lead.leadId]).toBe(1);
    expect(unread.total).toBeGreaterThanOrEqual(1);
    const read = await agent.post(`/api/dashboard/leads/${lead.leadId}/thread/read`, {});
    expect(read.body).toEqual({ isSuccess: true, upToId: (await items(lead.leadId)).at(-1)!.id });
    await until(() => tab2.got.get('thread.read')?.find((p) => p.leadId === lead.leadId));
    await settle(server);
    expect((await agent.get('/api/dashboard/thread/unread')).body.byLead[lead.leadId]).toBeUndefined();
    // What a reconnecting tab missed comes from feed/since too.
    const since = await agent.get(`/api/dashboard/feed/since?position=${encodeURIComponent(position)}`);
    expect(since.body.events.some((e: { name: string; payload: { leadId: string } }) => e.name === 'thread.item' && e.payload.leadId === lead.leadId)).toBe(
      true,
    );
  });

  it("reading the thread marks the lead's chat read for its agent (the lead sees the receipt)", async () => {
    const lead = await newLead(server, 'jane.localhost');
    await settle(server);
    await lead.client.post('/api/dashboard/chat/sendmessage', { text: 'Anyone there?' });
    await settle(server);
    expect((await agent.get('/api/dashboard/thread/unread')).body.byLead[lead.leadId]).toBe(1);
    await agent.post(`/api/dashboard/leads/${lead.leadId}/thread/read`, {});
    await settle(server);
    const chat = (await lead.client.post('/api/dashboard/chat/getchat', {})).body;
    expect(chat.messages[0].readAt).toEqual(expect.any(String));
    expect((await items(lead.leadId))[0]!.readAt).toEqual(expect.any(String));
    expect((await agent.post(`/api/dashboard/leads/${lead.leadId}/thread/read`, { upToId: randomUUID() })).status).toBe(400);
  });

  it('threads a text from a number outside North America like any other: on the lead’s thread, pushed to its agent, once; STOP and START act on it', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '+442079460958' });
    await settle(server);
    const tab = await socketOf(agent);
    const params = { From: '+442079460958', To: JANE_NUMBER, Body: 'Calling from London: is Saturday possible?', MessageSid: 'SMthread0044' };
    const results = await Promise.all([inbound(params), inbound(params)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const p = await until(() => tab.got.get('thread.item')?.find((x) => x.leadId === lead.leadId));
    expect(p).toMatchObject({ agentId: jane.userId, item: { channel: 'text', direction: 'in', body: params.Body } });
    await settle(server);
    expect((await items(lead.leadId)).filter((i) => i.direction === 'in').map((i) => i.body)).toEqual([params.Body]);
    // A number written with its spaces on the lead is the same number.
    const spaced = await newLead(server, 'jane.localhost', { Phone: '+33 1 23 45 67 89' });
    await settle(server);
    expect((await inbound({ From: '+33123456789', To: JANE_NUMBER, Body: 'Bonjour', MessageSid: 'SMthread0045' })).status).toBe(200);
    await settle(server);
    expect((await items(spaced.leadId)).map((i) => [i.direction, i.body])).toEqual([['in', 'Bonjour']]);
    // From a number abroad nobody has: a new lead, under the placeholder a phone-only lead of that number gets.
    expect((await inbound({ From: '+442079460959', To: JANE_NUMBER, Body: 'Hello from Leeds', MessageSid: 'SMthread0048' })).status).toBe(200);
    await settle(server);
    const texter = await userIdByEmail(server.runtime.store, 'text-442079460959@text-lead.invalid');
    expect(texter).toBeTruthy();
    expect((await items(leadIdFor(texter!, demoSite('jane').siteId))).map((i) => i.body)).toEqual(['Hello from Leeds']);

    expect((await inbound({ From: '+442079460958', To: JANE_NUMBER, Body: 'STOP', MessageSid: 'SMthread0046' })).status).toBe(200);
    await settle(server);
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(true);
    expect((await inbound({ From: '+442079460958', To: JANE_NUMBER, Body: 'START', MessageSid: 'SMthread0047' })).text).toContain(
      'you will get texts from your agent again',
    );
    await settle(server);
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(false);
    expect((await items(lead.leadId)).map((i) => i.body)).toEqual([params.Body]);
  });

  it('takes a text from a known number on the shared number once per MessageSid, and refuses a forged signature', async () => {
    const lead = await newLead(server, 'demo.localhost', { Phone: '2065550146' });
    await settle(server);
    const params = { From: '+12065550146', To: TWILIO_FROM, Body: 'Still interested', MessageSid: 'SMthread0006' };
    expect((await inbound(params, 'wrong-token-0000')).status).toBe(403);
    expect((await inbound(params, null)).status).toBe(403);
    const results = await Promise.all([inbound(params), inbound(params), inbound(params)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await settle(server);
    const staff = await signIn(server, demoUser('staff').email);
    const got = (await thread(staff, lead.leadId)).body.items as ThreadItem[];
    expect(got.filter((i) => i.direction === 'in').map((i) => i.body)).toEqual(['Still interested']);
  });

  it('makes a text from an unknown number a lead (source text) of the number’s site, once, through the capture path', async () => {
    const owned = { From: '+12065550198', To: JANE_NUMBER, Body: 'Saw your sign on 5th, what is the price?', MessageSid: 'SMthread0007' };
    await Promise.all([inbound(owned), inbound(owned)]);
    const shared = { From: '+12065550197', To: TWILIO_FROM, Body: 'Hi, I want to sell my condo', MessageSid: 'SMthread0008' };
    await inbound(shared);
    await settle(server);
    const staff = await signIn(server, demoUser('staff').email);
    for (const [phone, site, body] of [
      ['2065550198', 'jane', owned.Body],
      ['2065550197', 'demo', shared.Body],
    ] as const) {
      const userId = await userIdByEmail(server.runtime.store, `text-${phone}@text-lead.invalid`);
      expect(userId).toBeTruthy();
      const leadId = leadIdFor(userId!, demoSite(site).siteId);
      const detail = (await staff.get(`/api/dashboard/leads/${leadId}`)).body;
      expect(detail.lead).toMatchObject({ source: 'text', phone, fullName: `Texter ${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` });
      const got = (await thread(staff, leadId)).body.items as ThreadItem[];
      expect(got.map((i) => [i.channel, i.direction, i.body])).toEqual([['text', 'in', body]]);
      // The person's history (the audit) has the text they sent.
      const history = (await staff.get(`/api/backoffice/accounts/${userId}/history`)).body;
      expect(JSON.stringify(history)).toContain('TextMessageReceived');
    }
    // The new lead can be answered by text at once (it wrote first), not by e-mail (no address yet).
    const userId = await userIdByEmail(server.runtime.store, 'text-2065550198@text-lead.invalid');
    const leadId = leadIdFor(userId!, demoSite('jane').siteId);
    const channels = (await agent.get(`/api/dashboard/leads/${leadId}/thread/channels`)).body.channels;
    expect(channels).toContainEqual({ channel: 'text', available: true, reason: null });
    expect(channels).toContainEqual({ channel: 'email', available: false, reason: THREAD_MESSAGES.noEmail });
  });

  it('keeps an MMS picture as our upload; media outside the Twilio API address is never fetched', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550147' });
    await settle(server);
    const before = twilio.mediaFetches.length;
    await inbound({
      From: '+12065550147',
      To: JANE_NUMBER,
      Body: 'This one?',
      MessageSid: 'MMthread0009',
      NumMedia: '1',
      MediaUrl0: `${twilio.url}/2010-04-01/Accounts/${TWILIO_SID}/Messages/MMthread0009/media/ME1`,
      MediaContentType0: 'image/png',
    });
    await inbound({
      From: '+12065550147',
      To: JANE_NUMBER,
      Body: 'And this',
      MessageSid: 'MMthread0010',
      NumMedia: '1',
      MediaUrl0: 'http://127.0.0.1:9/elsewhere.png',
      MediaContentType0: 'image/png',
    });
    await settle(server);
    expect(twilio.mediaFetches.length).toBe(before + 1);
    const [mms, text] = (await items(lead.leadId)).filter((i) => i.direction === 'in');
    expect(mms).toMatchObject({
      channel: 'mms',
      body: 'This one?',
      media: [{ url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.png$/), contentType: 'image/png' }],
    });
    expect(text).toMatchObject({ channel: 'text', body: 'And this' });
    expect(text).not.toHaveProperty('media');
    const file = await agent.get(mms!.media![0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Number(file.headers['content-length'])).toBe(PNG_1X1.length);
  });

  it('STOP turns texts off (the composer says why, a text is 403), START turns them on again, HELP answers; none joins the thread', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550148' });
    await settle(server);
    const path = `/api/dashboard/leads/${lead.leadId}`;
    const stop = await inbound({ From: '+12065550148', To: JANE_NUMBER, Body: 'Stop', MessageSid: 'SMthread0011' });
    expect(stop.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    await settle(server);
    expect((await agent.get(`${path}/thread/channels`)).body.channels).toContainEqual({
      channel: 'text',
      available: false,
      reason: THREAD_MESSAGES.noTextConsent,
    });
    const refused = await agent.post(`${path}/messages`, { channel: 'text', body: 'Are you sure?' });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { message: THREAD_MESSAGES.noTextConsent } });
    const help = await inbound({ From: '+12065550148', To: JANE_NUMBER, Body: 'HELP', MessageSid: 'SMthread0012' });
    expect(help.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><Response><Message>.*Reply STOP to stop texts, START to get them again\. Msg &amp; data rates may apply\.<\/Message><\/Response>$/,
    );
    const start = await inbound({ From: '+12065550148', To: JANE_NUMBER, Body: 'start', MessageSid: 'SMthread0013' });
    expect(start.text).toContain('you will get texts from your agent again');
    await settle(server);
    expect((await lead.client.get('/api/account/me')).body.user_UnsubscribeText).toBe(false);
    expect((await agent.post(`${path}/messages`, { channel: 'text', body: 'Welcome back', confirmQuietHours: true })).status).toBe(201);
    expect((await agent.post(`${path}/messages`, { channel: 'mms', body: '' })).body).toEqual({ message: 'An MMS needs its picture or video (mediaUrl)' });
    expect(
      (await agent.post(`${path}/messages`, { channel: 'mms', body: 'The tour', mediaUrl: 'https://cdn.example.com/tour.mp4', confirmQuietHours: true }))
        .status,
    ).toBe(201);
    await settle(server);
    expect((await items(lead.leadId)).map((i) => [i.channel, i.direction, i.body, i.media?.[0]?.url ?? null])).toEqual([
      ['text', 'out', 'Welcome back', null],
      ['mms', 'out', 'The tour', 'https://cdn.example.com/tour.mp4'],
    ]);
  });
});
