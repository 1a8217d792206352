import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { handleCommand } from '../../src/commands/handle-command';
import { emailStream, leadEmailDecider, leadMergeValues } from '../../src/modules/conversation';
import { emailAddressStream } from '../../src/modules/compliance/email-delivery/email-address';
import { demoUser, newLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { loadAccount, userStream } from '../../src/modules/accounts';
import { loadLead } from '../../src/modules/leads';
import { hardBounce, mailgunEnv, mailgunEvent } from '../support/mailgun-stand-in';

const jane = demoUser('agent');
const EVENTS = '/api/messaging/email/events';

describe("Mailgun's bounces and complaints, from its signed webhook to the e-mails not sent", () => {
  const app = dashboardServer(undefined, mailgunEnv());
  const post = (body: unknown) =>
    fetch(`${app.server.url}${EVENTS}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const recorded = async (address: string) => app.server.runtime.store.readStream(emailAddressStream(address));
  const timelineOf = async (leadId: string) => {
    await settle(app.server);
    const agent = await signIn(app.server, jane.email, 'jane.localhost');
    return ((await agent.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);
  };
  const pool = () => app.server.runtime.db.pool;
  const drained = async () => {
    await settle(app.server);
    for (let i = 0; i < 400; i++) {
      const { rows } = await pool().query<{ n: string }>(`SELECT count(*) AS n FROM lead_email_outbox WHERE state = 'pending'`);
      if (Number(rows[0]!.n) === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('e-mails still pending');
  };
  const mailsTo = async (to: string) => (await pool().query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE to_address = $1', [to])).rows;
  /** A plan's e-mail step, as step-effects records it: LeadEmailSent on the lead's e-mail thread, sent by the outbox. */
  const planEmail = async (leadId: string, siteId: string, subject: string) =>
    handleCommand(
      app.server.runtime.store,
      emailStream(leadId),
      leadEmailDecider,
      {
        kind: 'send',
        leadId,
        siteId,
        messageId: randomUUID(),
        byUserId: jane.userId,
        subject,
        body: 'New homes for you',
        templateId: null,
        values: leadMergeValues({ leadFullName: 'Vera Visitor', registered: null, sender: null, siteName: '', listing: null }),
        emailConsent: true,
        hasAddress: true,
      },
      systemContext(),
    );
  const siteOf = async (leadId: string) =>
    (await pool().query<{ site_id: string }>('SELECT site_id FROM lead_feed WHERE lead_id = $1', [leadId])).rows[0]!.site_id;

  it('a forged, stale or replayed post changes nothing (403 with a message)', async () => {
    const { email } = await newLead(app.server, 'jane.localhost');
    const forged = await post(mailgunEvent(hardBounce(email), { key: 'key-someone-else-0123456789abcdef' }));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ message: expect.any(String) });
    expect((await post({ 'event-data': hardBounce(email) })).status).toBe(403);
    expect((await post(mailgunEvent(hardBounce(email), { timestamp: Math.floor(Date.now() / 1000) - 3600 }))).status).toBe(403);
    expect(await recorded(email)).toEqual([]);

    const once = mailgunEvent({ ...hardBounce(email), severity: 'temporary' });
    expect((await post(once)).status).toBe(204);
    expect((await post({ ...once, 'event-data': hardBounce(email) })).status).toBe(403);
    expect((await recorded(email)).map((e) => (e.data as { outcome: string }).outcome)).toEqual(['temporary']);
  });

  it('a hard bounce marks the address: the next plan e-mail is skipped with why on the timeline, and an agent gets 409 naming it', async () => {
    const { leadId, email } = await newLead(app.server, 'jane.localhost');
    await settle(app.server);
    expect((await post(mailgunEvent(hardBounce(email)))).status).toBe(204);
    const [event] = await recorded(email);
    expect(event!.data).toMatchObject({ outcome: 'bounced', code: 550, reason: 'mailbox does not exist' });
    expect(JSON.stringify(event!.data)).not.toContain(email);

    await planEmail(leadId, await siteOf(leadId), 'Homes this week');
    await drained();
    expect(await mailsTo(email)).toEqual([]);
    const timeline = await timelineOf(leadId);
    expect(timeline.find((s) => s.startsWith('E-mail not sent:'))).toMatch(
      /^E-mail not sent: v-\S{2}@… bounced on \d{1,2} \w{3} \d{4}: mailbox does not exist$/,
    );

    const agent = await signIn(app.server, jane.email, 'jane.localhost');
    const preview = await agent.post(`/api/dashboard/leads/${leadId}/emails/preview`, { subject: 'Hello', body: 'Are you still looking?' });
    expect(preview.body).toMatchObject({ canSend: false, reason: expect.stringMatching(/bounced on .*: mailbox does not exist/) });
    const refused = await agent.post(`/api/dashboard/leads/${leadId}/emails`, { subject: 'Hello', body: 'Are you still looking?' });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toMatch(/bounced on .*: mailbox does not exist/);
  });

  it('a temporary failure is only recorded: e-mail still goes out', async () => {
    const { leadId, email } = await newLead(app.server, 'jane.localhost');
    await settle(app.server);
    expect((await post(mailgunEvent({ ...hardBounce(email), severity: 'temporary', 'delivery-status': { code: 421 } }))).status).toBe(204);
    expect(await recorded(email)).toHaveLength(1);
    await planEmail(leadId, await siteOf(leadId), 'Homes this week');
    await drained();
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(['Homes this week']);
  });

  it("a complaint marks the address too and turns the lead's e-mail consent off on the ledger", async () => {
    const { leadId, email } = await newLead(app.server, 'jane.localhost');
    await settle(app.server);
    expect((await post(mailgunEvent({ event: 'complained', recipient: email }))).status).toBe(204);
    const { lead } = await loadLead(app.server.runtime.store, leadId);
    if (!lead.exists) throw new Error('no lead');
    const ledger = (await app.server.runtime.store.readStream(userStream(lead.userId))).filter((e) => e.type === 'ConsentChanged').at(-1);
    expect(ledger?.data).toMatchObject({ channel: 'email', granted: false, how: 'email-complaint' });
    expect((await loadAccount(app.server.runtime.store, lead.userId)).account).toMatchObject({ consent: { email: false } });
    await planEmail(leadId, await siteOf(leadId), 'Homes this week');
    await drained();
    expect(await mailsTo(email)).toEqual([]);
    expect((await timelineOf(leadId)).some((s) => /marked our e-mail as spam/.test(s))).toBe(true);
  });
});
