import { describe, expect, it } from 'vitest';
import type { ThreadItem } from '../../src/contract/thread';
import { firstBrokenLink, type EvidenceEntry } from '../../src/modules/compliance/lead-evidence/evidence-chain';
import { demoUser, newLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { holdLeadEmails } from '../support/held-back-email';
import { mailgunEnv, mailgunEvent, type MailgunSample, mailgunSample } from '../support/mailgun-stand-in';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const EVENTS = '/api/messaging/email/events';

/** Mailgun's reports, through its signed webhook, joined to the CRM e-mail they are about by its Message-ID. */
describe("an e-mail's delivery joined to its message", () => {
  const app = dashboardServer(undefined, mailgunEnv());
  const pool = () => app.server.runtime.db.pool;
  const report = async (kind: MailgunSample, recipient: string, messageId: string) => {
    const res = await fetch(`${app.server.url}${EVENTS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mailgunEvent(mailgunSample(kind, recipient, messageId))),
    });
    expect(res.status, await res.text()).toBe(204);
  };
  /** Jane e-mails the lead from the CRM; answers the thread's message id and the Message-ID the relay was given. */
  const crmEmail = async (leadId: string, email: string, subject: string) => {
    const agent = await signIn(app.server, jane.email, 'jane.localhost');
    const sent = await agent.post(`/api/dashboard/leads/${leadId}/emails`, { subject, body: 'Are you still looking?' });
    expect(sent.status, sent.text).toBe(201);
    for (let i = 0; i < 400; i++) {
      const { rows } = await pool().query<{ headers: Record<string, string> }>('SELECT headers FROM mail_outbox WHERE to_address = $1 AND subject = $2', [
        email,
        subject,
      ]);
      if (rows[0]) return { messageId: sent.body.messageId as string, header: rows[0].headers['Message-ID']! };
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the e-mail was not sent');
  };
  const itemOf = async (leadId: string, id: string) => {
    await settle(app.server);
    const agent = await signIn(app.server, jane.email, 'jane.localhost');
    const items: ThreadItem[] = (await agent.get(`/api/dashboard/leads/${leadId}/thread`)).body.items;
    return items.find((i) => i.id === id);
  };

  it('delivered, then bounced: the thread shows each state; the evidence export names the message; the address stops taking mail', async () => {
    const { leadId, email } = await newLead(app.server, 'jane.localhost');
    await settle(app.server);
    const { messageId, header } = await crmEmail(leadId, email, 'Homes near the park');
    expect(header).toMatch(/^<lead-email\.[0-9a-f-]{36}@/);
    expect(await itemOf(leadId, messageId)).toMatchObject({ channel: 'email', deliveryState: 'sent' });

    await report('delivered', email, header);
    expect(await itemOf(leadId, messageId)).toMatchObject({ deliveryState: 'delivered' });
    // A temporary failure is the relay's to retry: the thread keeps what it knows.
    await report('failed-temporary', email, header);
    expect(await itemOf(leadId, messageId)).toMatchObject({ deliveryState: 'delivered' });
    await report('failed-permanent', email, header);
    expect(await itemOf(leadId, messageId)).toMatchObject({ deliveryState: 'bounced', errorCode: 550 });

    const agent = await signIn(app.server, jane.email, 'jane.localhost');
    const res = await agent.get(`/api/dashboard/leads/${leadId}/evidence`);
    expect(res.status, res.text).toBe(200);
    const evidence = res.body as { deliveries: unknown[]; entries: EvidenceEntry[] };
    expect(evidence.deliveries).toEqual([
      { channel: 'email', messageId, state: 'delivered', errorCode: 250, at: expect.any(String) },
      { channel: 'email', messageId, state: 'temporary', errorCode: 498, at: expect.any(String) },
      { channel: 'email', messageId, state: 'bounced', errorCode: 550, at: expect.any(String) },
    ]);
    const reports = evidence.entries.filter((e) => e.type === 'EmailDeliveryReported').map((e) => e.data as { message: unknown });
    expect(reports.map((r) => r.message)).toEqual(Array(3).fill({ outbox: 'lead-email', key: header.slice(12, 48), leadId, messageId, byUserId: jane.userId }));
    expect(JSON.stringify(reports)).not.toContain(email);
    expect(firstBrokenLink(evidence.entries)).toBeNull();

    const preview = await agent.post(`/api/dashboard/leads/${leadId}/emails/preview`, { subject: 'Hello', body: 'Again?' });
    expect(preview.body).toMatchObject({ canSend: false, reason: expect.stringMatching(/bounced on .*: mailbox does not exist/) });
  });

  it('a complaint marks the e-mail on the thread; a report on mail that is not ours is kept for the address only', async () => {
    const { leadId, email } = await newLead(app.server, 'jane.localhost');
    await settle(app.server);
    const { messageId, header } = await crmEmail(leadId, email, 'Open house Sunday');
    await report('complained', email, header);
    expect(await itemOf(leadId, messageId)).toMatchObject({ deliveryState: 'complained' });

    const other = await newLead(app.server, 'jane.localhost');
    await settle(app.server);
    await report('failed-permanent', other.email, '20180812214658.1.0DF563D0B3597700@example.org');
    const res = await (await signIn(app.server, jane.email, 'jane.localhost')).get(`/api/dashboard/leads/${other.leadId}/evidence`);
    expect((res.body as { deliveries: unknown[] }).deliveries).toEqual([
      { channel: 'email', messageId: null, state: 'bounced', errorCode: 550, at: expect.any(String) },
    ]);
  });

  it('an undelivered e-mail counts for the agent who sent it, not the agent the lead was reassigned to after the bounce', async () => {
    const { leadId, email } = await newLead(app.server, 'jane.localhost');
    await settle(app.server);
    const { header } = await crmEmail(leadId, email, 'Your tour');
    await report('failed-permanent', email, header);
    await settle(app.server);
    const broker = await signIn(app.server, demoUser('broker').email);
    expect((await broker.post(`/api/dashboard/leads/${leadId}/reassign`, { agentId: alex.userId })).status).toBe(200);
    await settle(app.server);
    const perAgent = (await broker.get('/api/dashboard/reports')).body.undelivered.perAgent as { agentId: string; emails: number }[];
    expect(perAgent.find((a) => a.agentId === alex.userId)).toBeUndefined();
    expect(perAgent.find((a) => a.agentId === jane.userId)?.emails).toBeGreaterThanOrEqual(1);
    const alexOwn = (await (await signIn(app.server, alex.email)).get('/api/dashboard/reports')).body.undelivered;
    expect(alexOwn).toMatchObject({ emails: 0, texts: 0 });
  });

  // Last: it stops the server's e-mail sender for the rest of the file.
  it('an e-mail whose address bounced while it waited is Not sent on the thread, with why; in the evidence; undelivered for its writer', async () => {
    const { leadId, email } = await newLead(app.server, 'jane.localhost');
    await settle(app.server);
    const held = await holdLeadEmails(app.server);
    const agent = await signIn(app.server, jane.email, 'jane.localhost');
    const before = (await agent.get('/api/dashboard/reports')).body.undelivered.emails as number;
    const sent = await agent.post(`/api/dashboard/leads/${leadId}/emails`, { subject: 'Waiting', body: 'Still there?' });
    expect(sent.status, sent.text).toBe(201);
    const messageId = sent.body.messageId as string;
    await settle(app.server);
    await held.bounce(email);
    await settle(app.server);
    // The address's own bounce counts once for the lead's agent; the e-mail held back counts once more, for its writer.
    const afterBounce = (await agent.get('/api/dashboard/reports')).body.undelivered.emails as number;
    await held.sendWaiting();
    expect((await pool().query('SELECT 1 FROM mail_outbox WHERE to_address = $1 AND subject = $2', [email, 'Waiting'])).rowCount).toBe(0);

    expect(await itemOf(leadId, messageId)).toMatchObject({
      deliveryState: 'not_sent',
      deliveryNote: expect.stringMatching(/bounced on .*: mailbox does not exist$/),
    });
    const evidence = (await agent.get(`/api/dashboard/leads/${leadId}/evidence`)).body as { deliveries: unknown[]; entries: EvidenceEntry[] };
    expect(evidence.deliveries).toContainEqual({ channel: 'email', messageId, state: 'not_sent', errorCode: null, at: expect.any(String) });
    expect(firstBrokenLink(evidence.entries)).toBeNull();
    expect((await agent.get('/api/dashboard/reports')).body.undelivered.emails).toBe(afterBounce + 1);
    expect(afterBounce).toBe(before + 1);
  });
});
