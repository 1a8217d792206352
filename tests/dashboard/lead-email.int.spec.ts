import { beforeAll, describe, expect, it } from 'vitest';
import { CommunicationLinks, SecretKey } from '../../src/modules/accounts';
import { EMAIL_UNSUBSCRIBED, LeadEmailSender } from '../../src/modules/conversation';
import { verifyReplyToken } from '../../src/modules/conversation/send-lead-email/reply-address';
import { OutboxKit } from '../../src/modules/messaging';
import { SiteResolver } from '../../src/modules/sites';
import { home, importHomes } from '../organizer/organizer-fixture';
import { demoUser, newLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const emailsOf = (leadId: string) => `/api/dashboard/leads/${leadId}/emails`;

type OutboxRow = { subject: string; text_body: string; html_body: string; headers: Record<string, string> };

/** CRM e-mail: composed with a template and merge fields, sent once through the outbox with the thread's reply address and the unsubscribe footer and headers. */
describe('e-mail to a lead from the CRM', () => {
  const app = dashboardServer();
  let janeC: WebClient;
  let leadId: string;
  let leadEmail: string;
  let leadClient: WebClient;

  beforeAll(async () => {
    const { server } = app;
    await importHomes(server, [home('E1', { UnparsedAddress: '12 Elm St', City: 'Seattle', StateOrProvince: 'WA', ListPrice: 640000 })]);
    ({ leadId, email: leadEmail, client: leadClient } = await newLead(server, 'jane.localhost', { FullName: 'Nora Nguyen', pdid: 'T-E1' }));
    janeC = await signIn(server, jane.email, 'jane.localhost');
    expect((await janeC.post('/api/account/update', { CellPhone: '2065550100' })).status).toBe(200);
    await settle(server);
  });

  const pool = () => app.server.runtime.db.pool;
  const mailsTo = async (to: string): Promise<OutboxRow[]> =>
    (await pool().query<OutboxRow>('SELECT subject, text_body, html_body, headers FROM mail_outbox WHERE to_address = $1 ORDER BY id', [to])).rows;
  /** Waits until nothing is pending in the outbox (the app's own sender works on its signal). */
  const drained = async () => {
    await settle(app.server);
    for (let i = 0; i < 400; i++) {
      const { rows } = await pool().query<{ n: string }>(`SELECT count(*) AS n FROM lead_email_outbox WHERE state = 'pending'`);
      if (Number(rows[0]!.n) === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('e-mails still pending');
  };
  const mailWith = async (to: string, subject: string) => (await mailsTo(to)).filter((m) => m.subject === subject);

  it('sends with an office template: merge fields filled, text as written, HTML by our formatter, the reply address of the thread, unsubscribe footer and headers', async () => {
    const { server } = app;
    const brokerC = await signIn(server, broker.email);
    const template = await brokerC.post('/api/dashboard/email-templates', {
      scope: 'office',
      name: 'After the tour',
      subject: 'Your tour of {listing_address}',
      body: 'Hi {first_name},\n\nThanks for seeing {listing_address} ({listing_price}).\n- <b>Roof</b>: new\n- Details: https://demo.test/listing/T-E1\n\n{agent_name}\n{agent_phone}',
    });
    expect(template.status, template.text).toBe(201);
    await settle(server);

    const preview = await janeC.post(`${emailsOf(leadId)}/preview`, { templateId: template.body.templateId });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({
      to: leadEmail,
      subject: 'Your tour of 12 Elm St, Seattle, WA',
      body: 'Hi Nora,\n\nThanks for seeing 12 Elm St, Seattle, WA ($640,000).\n- <b>Roof</b>: new\n- Details: https://demo.test/listing/T-E1\n\nJane Agent\n206-555-0100',
      emptyFields: [],
      canSend: true,
      reason: null,
    });

    const res = await janeC.post(emailsOf(leadId), { templateId: template.body.templateId });
    expect(res.status, res.text).toBe(201);
    expect(res.body.messageId).toMatch(/^[0-9a-f-]{36}$/);
    await drained();
    const [mail, ...more] = await mailWith(leadEmail, 'Your tour of 12 Elm St, Seattle, WA');
    expect(more).toEqual([]);
    expect(mail!.text_body).toMatch(/^Hi Nora,\n\nThanks for seeing 12 Elm St, Seattle, WA \(\$640,000\)\.\n- <b>Roof<\/b>: new\n/);
    expect(mail!.text_body).toContain('\n-- \nJane Agent · Jane Agent Homes\nReply to this e-mail to answer Jane Agent.\nUnsubscribe from e-mail: ');
    expect(mail!.html_body).toContain(
      '<ul style="margin:0 0 12px;padding-left:24px"><li>&lt;b&gt;Roof&lt;/b&gt;: new</li><li>Details: <a href="https://demo.test/listing/T-E1">',
    );
    expect(mail!.html_body).not.toContain('<b>');

    // Replies go to the thread: reply+{token}@INBOUND_EMAIL_DOMAIN, the token naming this lead.
    const replyTo = mail!.headers['Reply-To']!;
    const m = /^reply\+([0-9a-f]{56})@porchlight\.test$/.exec(replyTo);
    expect(m, replyTo).not.toBeNull();
    expect(verifyReplyToken(await server.app.get(SecretKey).get(), m![1]!)).toBe(leadId);
    // The lead's own one-click unsubscribe, as alert e-mails carry it.
    const links = await server.app
      .get(CommunicationLinks)
      .unsubscribeLinks(
        (await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body.lead.userId as string,
        await server.app.get(SiteResolver).byId('00000000-0000-4000-9000-000000000002'),
      );
    expect(mail!.headers['List-Unsubscribe']).toBe(links.headers['List-Unsubscribe']);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text_body).toContain(`Unsubscribe from e-mail: ${links.unsubscribe_email}`);

    // LeadEmailSent on email-{leadId}, with the text as sent and the template.
    const events = await server.runtime.store.readStream(`email-${leadId}`);
    expect(events.map((e) => e.type)).toEqual(['LeadEmailSent']);
    expect(events[0]!.data).toMatchObject({
      leadId,
      byUserId: jane.userId,
      subject: 'Your tour of 12 Elm St, Seattle, WA',
      templateId: template.body.templateId,
    });
    // The sent row keeps no words.
    const { rows } = await pool().query(`SELECT state, subject, body FROM lead_email_outbox WHERE lead_id = $1`, [leadId]);
    expect(rows).toEqual([{ state: 'sent', subject: '', body: '' }]);
  });

  it('exactly once: a retried request (same messageId) and two senders at once send each e-mail one time', async () => {
    const { server } = app;
    const messageId = '7a1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const first = await janeC.post(emailsOf(leadId), { subject: 'Once only', body: 'One e-mail.', messageId });
    const again = await janeC.post(emailsOf(leadId), { subject: 'Once only', body: 'One e-mail.', messageId });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual({ messageId });

    const second = new LeadEmailSender(server.app.get(OutboxKit), server.app.get(SiteResolver), server.app.get(CommunicationLinks), server.app.get(SecretKey));
    const subjects = Array.from({ length: 6 }, (_, i) => `Race ${i}`);
    const sends = await Promise.all(subjects.map((subject) => janeC.post(emailsOf(leadId), { subject, body: 'Hello' })));
    expect(sends.map((r) => r.status)).toEqual(subjects.map(() => 201));
    await settle(server);
    await Promise.all([second.sendPending(), second.sendPending(), server.app.get(LeadEmailSender).sendPending()]);
    await drained();
    for (const subject of ['Once only', ...subjects]) expect(await mailWith(leadEmail, subject), subject).toHaveLength(1);
  });

  it('scoped like the dashboard: the broker and staff may, another agent 404, the lead 403, signed out 401', async () => {
    const { server } = app;
    const b = await signIn(server, broker.email);
    expect((await b.post(emailsOf(leadId), { subject: 'From the broker', body: 'Hello' })).status).toBe(201);
    const s = await signIn(server, 'staff@porchlight.test');
    expect((await s.post(emailsOf(leadId), { subject: 'From staff', body: 'Hello' })).status).toBe(201);
    const a = await signIn(server, alex.email);
    const anon = WebClient.for(server.url, 'jane.localhost');
    for (const [who, status] of [
      [a, 404],
      [leadClient, 403],
      [anon, 401],
    ] as const) {
      expect((await who.post(emailsOf(leadId), { subject: 'x', body: 'x' })).status).toBe(status);
      expect((await who.post(`${emailsOf(leadId)}/preview`, { subject: 'x', body: 'x' })).status).toBe(status);
    }
    expect((await janeC.post(emailsOf('00000000-0000-4000-8000-00000000dead'), { subject: 'x', body: 'x' })).status).toBe(404);
    // Someone else's personal template is not found.
    const alexOwn = await a.post('/api/dashboard/email-templates', { scope: 'personal', name: 'Alex only', subject: 'Hi', body: 'Hi {first_name}' });
    await settle(server);
    expect(await janeC.post(emailsOf(leadId), { templateId: alexOwn.body.templateId })).toMatchObject({ status: 404, body: { message: 'Template not found' } });
    await drained();
    expect(await mailWith(leadEmail, 'x')).toEqual([]);
  });

  it('validates what is sent: unknown merge fields named, a subject and a message, no HTML field', async () => {
    const unknown = await janeC.post(emailsOf(leadId), { subject: 'Hi', body: 'Dear {firstname}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Unknown merge field \{firstname\}; use \{first_name\}/);
    expect(await janeC.post(emailsOf(leadId), { body: 'No subject' })).toMatchObject({ status: 400, body: { message: 'Please enter a subject' } });
    expect(await janeC.post(emailsOf(leadId), { subject: 'No body' })).toMatchObject({ status: 400, body: { message: 'Please write the message' } });
    expect(await janeC.post(emailsOf(leadId), { subject: 'x', body: 'x', html: '<b>x</b>' })).toMatchObject({
      status: 400,
      body: { message: 'Unknown field: html' },
    });
  });

  it('without MAILGUN_WEBHOOK_SIGNING_KEY the inbound-mail webhook does not exist (404)', async () => {
    const { server } = app;
    const res = await fetch(`${server.url}/api/inbound/email`, {
      method: 'POST',
      body: new URLSearchParams({ recipient: 'reply+x@porchlight.test', timestamp: '1', token: 't', signature: 's' }),
    });
    expect([res.status, await res.json()]).toEqual([404, { message: 'Not found' }]);
  });

  it('consent from the ledger: after the lead unsubscribes (one click in our e-mail), sending is refused 403 and the preview says why', async () => {
    const { server } = app;
    const [mail] = await mailWith(leadEmail, 'Once only');
    const oneClick = new URL(/^<(.+)>$/.exec(mail!.headers['List-Unsubscribe']!)![1]!);
    const provider = WebClient.for(server.url, 'jane.localhost');
    const unsub = await provider.request('POST', oneClick.pathname + oneClick.search, {
      raw: { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' },
      origin: null,
    });
    expect(unsub.status, unsub.text).toBe(200);

    expect(await janeC.post(emailsOf(leadId), { subject: 'After unsubscribe', body: 'Hello?' })).toMatchObject({
      status: 403,
      body: { message: EMAIL_UNSUBSCRIBED },
    });
    const preview = await janeC.post(`${emailsOf(leadId)}/preview`, { subject: 'x', body: 'Hi {first_name}' });
    expect(preview.body).toMatchObject({ canSend: false, reason: EMAIL_UNSUBSCRIBED, body: 'Hi Nora' });
    await drained();
    expect(await mailWith(leadEmail, 'After unsubscribe')).toEqual([]);
  });
});
