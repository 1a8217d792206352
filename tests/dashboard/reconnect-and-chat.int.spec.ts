import { describe, expect, it } from 'vitest';
import { comparePositions } from '../../src/contract/position';
import { connectSocket, demoUser, newLead, record, settle, signIn, until } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';

const jane = demoUser('agent');

type Push = { name: string; payload: Record<string, unknown> };
const keyOf = (p: Push) => `${p.name}:${String(p.payload.messageId ?? p.payload.eventId ?? p.payload.leadId)}`;

describe('realtime: reconnecting clients get what they missed once; chat both ways with read receipts', () => {
  const dash = dashboardServer();

  it('after a disconnect, feed/since answers exactly the pushes that were missed, each once', async () => {
    const janeClient = await signIn(dash.server, jane.email);
    const feed = await janeClient.get('/api/dashboard/feed');
    expect(feed.body.position).toMatch(/^\d+\.\d+$/);
    const socket = await connectSocket(dash.server, janeClient);
    dash.sockets.push(socket);
    const live: Push[] = [];
    socket.onAny((name: string, payload: Record<string, unknown>) => name !== 'hello' && live.push({ name, payload }));

    // Seen live: one lead.
    const seen = await newLead(dash.server, 'jane.localhost', { FullName: 'Seen Live' });
    await settle(dash.server);
    await until(() => live.find((p) => p.name === 'lead.captured' && p.payload.leadId === seen.leadId));
    const last = live
      .map((p) => String(p.payload.position))
      .sort(comparePositions)
      .at(-1)!;
    socket.disconnect();

    // Missed: two leads, an inquiry of a known lead, and a chat message from a lead.
    const missed1 = await newLead(dash.server, 'jane.localhost', { FullName: 'Missed One' });
    const missed2 = await newLead(dash.server, 'jane.localhost', { FullName: 'Missed Two' });
    await settle(dash.server);
    const chat = await missed1.client.post('/api/dashboard/chat/sendmessage', { text: 'Are you there?' });
    expect(chat.status, chat.text).toBe(200);
    await settle(dash.server);

    // Reconnect first, then ask: whatever arrives both ways is dropped by its id.
    const again = await connectSocket(dash.server, janeClient);
    dash.sockets.push(again);
    const res = await janeClient.get(`/api/dashboard/feed/since?position=${encodeURIComponent(last)}`);
    expect(res.status).toBe(200);
    expect(res.body.reset).toBe(false);
    const missed = res.body.events as Push[];
    const keys = missed.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        `lead.captured:${missed1.leadId}`,
        `lead.captured:${missed2.leadId}`,
        `chat.message:${String((missed.find((p) => p.name === 'chat.message')?.payload as { messageId: string } | undefined)?.messageId)}`,
      ]),
    );
    expect(missed.filter((p) => p.name === 'lead.captured')).toHaveLength(2);
    expect(missed.some((p) => p.payload.leadId === seen.leadId)).toBe(false);
    expect(missed.find((p) => p.name === 'lead.activity' && p.payload.leadId === missed1.leadId && p.payload.type === 'ChatMessageSent')).toBeDefined();
    // In log order, and asking again from the answer's position gives nothing new.
    const positions = missed.map((p) => String(p.payload.position));
    expect([...positions].sort(comparePositions)).toEqual(positions);
    const twice = await janeClient.get(`/api/dashboard/feed/since?position=${encodeURIComponent(res.body.position)}`);
    expect(twice.body.events).toEqual([]);
    expect((await janeClient.get('/api/dashboard/feed/since?position=nope')).status).toBe(400);
  });

  it('chat: the lead writes, the agent gets it live and answers, the lead gets it live; read receipts and unread counts', async () => {
    const janeClient = await signIn(dash.server, jane.email);
    const janeSocket = await connectSocket(dash.server, janeClient);
    dash.sockets.push(janeSocket);
    const janeGot = record(janeSocket);
    const visitor = await newLead(dash.server, 'jane.localhost', { FullName: 'Chatty Cathy' });
    await settle(dash.server);
    const visitorSocket = await connectSocket(dash.server, visitor.client);
    dash.sockets.push(visitorSocket);
    const visitorGot = record(visitorSocket);

    const html = '<img src=x onerror=alert(1)> hello';
    const sent = await visitor.client.post('/api/dashboard/chat/sendmessage', { text: html });
    expect(sent.status, sent.text).toBe(200);
    const fromLead = await until(() => janeGot.get('chat.message')?.find((p) => p.messageId === sent.body.messageId));
    expect(fromLead).toMatchObject({ leadId: visitor.leadId, text: html, fromUserId: expect.any(String), toUserId: jane.userId });
    expect((await janeClient.get('/api/dashboard/chat/unread')).body.byLead[visitor.leadId]).toBe(1);

    const reply = await janeClient.post('/api/dashboard/chat/sendmessage', { leadId: visitor.leadId, text: 'Hi Cathy, happy to help!' });
    expect(reply.status).toBe(200);
    await until(() => visitorGot.get('chat.message')?.find((p) => p.messageId === reply.body.messageId));

    // The agent reads: the lead is told (read receipt) and the unread count drops.
    expect((await janeClient.post('/api/dashboard/chat/readmessage', { leadId: visitor.leadId, messageId: sent.body.messageId })).status).toBe(200);
    const receipt = await until(() => visitorGot.get('chat.read')?.find((p) => p.upToMessageId === sent.body.messageId));
    expect(receipt.readerId).toBe(jane.userId);
    await settle(dash.server);
    expect((await janeClient.get('/api/dashboard/chat/unread')).body.byLead[visitor.leadId]).toBeUndefined();

    const chat = await visitor.client.post('/api/dashboard/chat/getchat', {});
    expect(chat.status).toBe(200);
    expect(chat.body.agent).toMatchObject({ userId: jane.userId, fullName: 'Jane Agent' });
    expect(chat.body.messages.map((m: { text: string }) => m.text)).toEqual([html, 'Hi Cathy, happy to help!']);
    expect(chat.body.messages[0].readAt).not.toBeNull();
    expect(chat.body.unread).toBe(1);

    // A retried send with the same id is stored once; empty text is refused with a message.
    const again = await visitor.client.post('/api/dashboard/chat/sendmessage', { text: 'once', messageId: '6f1d2c1e-0000-4000-8000-000000000001' });
    await visitor.client.post('/api/dashboard/chat/sendmessage', { text: 'once', messageId: '6f1d2c1e-0000-4000-8000-000000000001' });
    expect(again.status).toBe(200);
    expect((await visitor.client.post('/api/dashboard/chat/sendmessage', { text: '   ' })).body).toEqual({ message: 'Please enter a message' });
    await settle(dash.server);
    const after = await janeClient.post('/api/dashboard/chat/getchat', { leadId: visitor.leadId });
    expect(after.body.messages.filter((m: { text: string }) => m.text === 'once')).toHaveLength(1);
    // The agent's timeline shows the messages and the lead is now 'contacted'.
    const details = await janeClient.get(`/api/dashboard/feed/lead/${visitor.leadId}`);
    expect(details.body.lead.status).toBe('contacted');
    expect(details.body.timeline.filter((t: { type: string }) => t.type === 'ChatMessageSent').length).toBe(3);
  });

  it('behaviour of a signed-in lead lands on the timeline and is pushed as lead.activity', async () => {
    const janeClient = await signIn(dash.server, jane.email);
    const janeSocket = await connectSocket(dash.server, janeClient);
    dash.sockets.push(janeSocket);
    const got = record(janeSocket);
    const visitor = await newLead(dash.server, 'jane.localhost');
    await settle(dash.server);
    const search = await visitor.client.post('/api/lead/activity', { type: 'SearchRun', title: 'Homes for sale in Tacoma', query: 'city=Tacoma' });
    expect(search.status).toBe(204);
    await visitor.client.post('/api/lead/activity', { type: 'SearchRun', title: 'Homes for sale in Tacoma', query: 'city=Tacoma' });
    const pushed = await until(() => got.get('lead.activity')?.find((p) => p.leadId === visitor.leadId && p.type === 'SearchRun'));
    expect(pushed.summary).toBe('Searched: Homes for sale in Tacoma');
    await settle(dash.server);
    const timeline = (await janeClient.get(`/api/dashboard/leads/${visitor.leadId}`)).body.timeline as { type: string }[];
    expect(timeline.filter((t) => t.type === 'SearchRun')).toHaveLength(1);
    expect((await visitor.client.post('/api/lead/activity', { type: 'SearchRun', title: 'x', query: 'y', extra: 1 })).status).toBe(400);
    expect((await visitor.client.post('/api/lead/activity', { type: 'ListingViewed', pdid: 'NOPE-1' })).status).toBe(204);
    let limited = 0;
    for (let i = 0; i < 40; i++)
      if ((await visitor.client.post('/api/lead/activity', { type: 'SearchRun', title: 't', query: `q=${i}` })).status === 429) limited++;
    expect(limited).toBeGreaterThan(0);
  });
});
