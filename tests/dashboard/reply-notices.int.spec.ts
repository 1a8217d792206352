import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_NOTICE_NO_TEXT } from '../../src/contract/thread';
import type { Started } from '../../src/main';
import { Mailer, OutboxKit, SmsSender } from '../../src/modules/messaging';
import { ReplyMailSender, ReplyTextSender } from '../../src/modules/conversation';
import { demoSite, demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { mailsTo } from '../support/mail-outbox';
import { postInboundText, twilioStandIn } from '../support/twilio-stand-in';
import { WebClient } from '../support/web-client';

const PUBLIC_URL = 'https://porchlight.test';
const JANE_NUMBER = '+12065550001';
const JANE_CELL = '2065550170';
const jane = demoUser('agent');

/** Issue 16 part 2: the assigned agent hears of a lead's text or e-mail reply as they chose (e-mail, text, both, neither), once. */
describe('reply notices: a lead replies, the agent is told by e-mail and/or text as they chose', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let twilio: Awaited<ReturnType<typeof twilioStandIn>>;
  let agent: WebClient;
  let sid = 0;

  beforeAll(async () => {
    twilio = await twilioStandIn();
    fixture = await startDashboardServer(twilio.env(PUBLIC_URL, { TWILIO_SITE_NUMBERS: `jane=${JANE_NUMBER}` }));
    server = fixture.server;
    agent = await signIn(server, jane.email, 'jane.localhost');
  });
  afterAll(async () => {
    await fixture?.stop();
    await twilio?.close();
  });

  const pool = () => fixture.db.pool;
  const choose = (notifyBy: string) => agent.request('PUT', '/api/dashboard/me/reply-notices', { json: { notifyBy } });
  const textIn = async (phone: string, body: string) => {
    const res = await postInboundText(server.url, PUBLIC_URL, {
      From: `+1${phone}`,
      To: JANE_NUMBER,
      Body: body,
      MessageSid: `SMreply${String(++sid).padStart(8, '0')}`,
    });
    expect(res.status).toBe(200);
  };
  /** Waits until the reply-notice outbox has nothing pending (the app's own senders work on their signal). */
  const drained = async () => {
    await settle(server);
    for (let i = 0; i < 400; i++) {
      const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM reply_notice_outbox WHERE state = 'pending'`);
      if (rows[0]!.n === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('reply notices still pending');
  };
  const noticesAbout = async (leadId: string) =>
    (await mailsTo(pool(), jane.email)).filter((m) => /^New (text|e-mail) from /.test(m.subject) && m.text.includes(`lead=${leadId}`));
  const textsAbout = (leadId: string) =>
    twilio.received
      .filter((r) => r.form.get('To') === `+1${JANE_CELL}` && (r.form.get('Body') ?? '').includes(`lead=${leadId}&chat=1`))
      .map((r) => r.form.get('Body'));
  const states = async (leadId: string) =>
    (
      await pool().query<{ channel: string; state: string }>('SELECT channel, state FROM reply_notice_outbox WHERE lead_id = $1 ORDER BY channel, queued_at', [
        leadId,
      ])
    ).rows.map((r) => `${r.channel}:${r.state}`);

  it('by default (e-mail, not yet chosen) a text reply is e-mailed to the agent once, with the words and the link; no text', async () => {
    const before = await agent.get('/api/dashboard/me/reply-notices');
    expect(before.body).toEqual({ notifyBy: 'email', chosen: false, textReason: REPLY_NOTICE_NO_TEXT });
    const lead = await newLead(server, 'jane.localhost', { FullName: 'Rita Replier', Phone: '2065550181' });
    await settle(server);
    await textIn('2065550181', 'Yes saturday works');
    await drained();
    const [mail, ...more] = await noticesAbout(lead.leadId);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New text from Rita Replier');
    expect(mail!.text).toContain('Rita Replier replied by text:\n\nYes saturday works\n');
    expect(mail!.text).toContain(`Answer in the conversation: ${PUBLIC_URL}/dashboard?lead=${lead.leadId}&chat=1`);
    expect(await states(lead.leadId)).toEqual(['email:sent', 'text:off']);
  });

  it('by text and e-mail once each, whatever the number of senders (two instances, a sweep twice); an e-mail reply names its subject', async () => {
    expect((await agent.post('/api/account/update', { CellPhone: JANE_CELL })).status).toBe(200);
    const set = await choose('both');
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ notifyBy: 'both', chosen: true, textReason: null });
    expect((await agent.get('/api/dashboard/me/reply-notices')).body).toEqual({ notifyBy: 'both', chosen: true, textReason: null });

    const lead = await newLead(server, 'jane.localhost', { FullName: 'Sam Sender', Phone: '2065550182' });
    await settle(server);
    // Another instance's two senders sweep alongside this one's, twice each.
    const others = [
      new ReplyMailSender(
        new OutboxKit(server.runtime, pool(), server.runtime.store, server.app.get(Mailer), server.app.get(SmsSender), server.runtime.config),
      ),
      new ReplyTextSender(
        new OutboxKit(server.runtime, pool(), server.runtime.store, server.app.get(Mailer), server.app.get(SmsSender), server.runtime.config),
      ),
    ];
    await textIn('2065550182', 'Can we move it to 11?');
    await server.runtime.runner.waitForCatchUp();
    await Promise.all([
      ...others.map((s) => s.sendPending()),
      ...others.map((s) => s.sendPending()),
      server.app.get(ReplyMailSender).sendPending(),
      server.app.get(ReplyTextSender).sendPending(),
    ]);
    await drained();
    expect((await noticesAbout(lead.leadId)).map((m) => m.subject)).toEqual(['New text from Sam Sender']);
    expect(textsAbout(lead.leadId)).toEqual([`Sam Sender replied by text: "Can we move it to 11?" Answer: ${PUBLIC_URL}/dashboard?lead=${lead.leadId}&chat=1`]);

    const e = {
      type: 'LeadEmailReceived',
      data: {
        leadId: lead.leadId,
        siteId: demoSite('jane').siteId,
        messageId: randomUUID(),
        from: lead.email,
        subject: 'Re: Saturday',
        body: 'See you there',
        attachments: [],
      },
    };
    await server.runtime.store.append(`email-${lead.leadId}`, 'any', [
      {
        ...e,
        eventId: randomUUID(),
        metadata: { siteId: e.data.siteId, actorId: null, impersonatorId: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() },
      },
    ]);
    await drained();
    await Promise.all(others.map((s) => s.sendPending()));
    expect((await noticesAbout(lead.leadId)).map((m) => m.subject)).toEqual(['New text from Sam Sender', 'New e-mail from Sam Sender: Re: Saturday']);
    expect(textsAbout(lead.leadId)).toHaveLength(2);
    expect(textsAbout(lead.leadId)[1]).toContain('Sam Sender replied by e-mail: "See you there"');
    expect(await states(lead.leadId)).toEqual(['email:sent', 'email:sent', 'text:sent', 'text:sent']);
  });

  it('neither: no e-mail and no text (the dashboard and web push only)', async () => {
    expect((await choose('none')).body).toMatchObject({ notifyBy: 'none' });
    const lead = await newLead(server, 'jane.localhost', { FullName: 'Quinn Quiet', Phone: '2065550183' });
    await settle(server);
    await textIn('2065550183', 'Thanks!');
    await drained();
    expect(await noticesAbout(lead.leadId)).toEqual([]);
    expect(textsAbout(lead.leadId)).toEqual([]);
    expect(await states(lead.leadId)).toEqual(['email:off', 'text:off']);
  });

  it('text only, for an agent whose account refuses texts: nothing, and the settings say why', async () => {
    expect((await agent.post('/api/account/update', { UnsubscribeText: true })).status).toBe(200);
    expect((await choose('text')).body).toEqual({ notifyBy: 'text', chosen: true, textReason: REPLY_NOTICE_NO_TEXT });
    const lead = await newLead(server, 'jane.localhost', { FullName: 'Tess Textless', Phone: '2065550184' });
    await settle(server);
    await textIn('2065550184', 'Hello?');
    await drained();
    expect(await noticesAbout(lead.leadId)).toEqual([]);
    expect(textsAbout(lead.leadId)).toEqual([]);
    expect(await states(lead.leadId)).toEqual(['email:off', 'text:off']);
  });

  it('validates the choice, and is for agents, brokers and staff only', async () => {
    const bad = await choose('pigeon');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('notifyBy is not valid');
    expect((await agent.request('PUT', '/api/dashboard/me/reply-notices', { json: { notifyBy: 'email', extra: 1 } })).status).toBe(400);
    expect((await WebClient.for(server.url, 'localhost').get('/api/dashboard/me/reply-notices')).status).toBe(401);
    const lead = await newLead(server, 'jane.localhost');
    expect((await lead.client.get('/api/dashboard/me/reply-notices')).status).toBe(403);
    expect((await lead.client.request('PUT', '/api/dashboard/me/reply-notices', { json: { notifyBy: 'none' } })).status).toBe(403);
  });
});
