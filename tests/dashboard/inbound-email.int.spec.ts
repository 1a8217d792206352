import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { SecretKey } from '../../src/modules/accounts';
import { NOT_A_THREAD, NOT_SIGNED, REPLAYED, STALE } from '../../src/modules/conversation/receive-inbound-email/inbound-email.http';
import { replyAddress } from '../../src/modules/conversation/send-lead-email/reply-address';
import { demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { MAILGUN_KEY as KEY, mailgunForm, REPLY_DOMAIN as DOMAIN } from '../support/mailgun-stand-in';
import type { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The e-mail round trip: an agent's e-mail, the lead's reply through Mailgun's inbound route, the reply in the right thread. */
describe('inbound e-mail: replies come back into the thread', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let janeC: WebClient;
  let nora: { leadId: string; email: string };
  let otto: { leadId: string; email: string };

  beforeAll(async () => {
    fixture = await startDashboardServer({ MAILGUN_WEBHOOK_SIGNING_KEY: KEY, INBOUND_EMAIL_DOMAIN: DOMAIN });
    server = fixture.server;
    nora = await newLead(server, 'jane.localhost', { FullName: 'Nora Nguyen' });
    otto = await newLead(server, 'jane.localhost', { FullName: 'Otto Other' });
    janeC = await signIn(server, jane.email, 'jane.localhost');
    await settle(server);
  });
  afterAll(async () => fixture?.stop());

  const post = (form: FormData | URLSearchParams) => fetch(`${server.url}/api/inbound/email`, { method: 'POST', body: form });
  const received = async (leadId: string) =>
    (await server.runtime.store.readStream(`email-${leadId}`))
      .filter((e) => e.type === 'LeadEmailReceived')
      .map((e) => ({ data: e.data as Record<string, unknown> }));
  /** The Reply-To of the agent's e-mail, once the outbox sent it. */
  const replyToOf = async (to: string, subject: string): Promise<string> => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await fixture.db.pool.query<{ headers: Record<string, string> }>(
        'SELECT headers FROM mail_outbox WHERE to_address = $1 AND subject = $2',
        [to, subject],
      );
      if (rows[0]) return rows[0].headers['Reply-To']!;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the e-mail was not sent');
  };

  it('a Gmail reply with attachments lands in its own thread: new text only, a photo kept as an upload, a program refused', async () => {
    expect(
      (await janeC.post(`/api/dashboard/leads/${nora.leadId}/emails`, { subject: 'Tour on Saturday?', body: 'Hi {first_name}, would Saturday at 10 work?' }))
        .status,
    ).toBe(201);
    expect((await janeC.post(`/api/dashboard/leads/${otto.leadId}/emails`, { subject: 'Hello Otto', body: 'Hi' })).status).toBe(201);
    const replyTo = await replyToOf(nora.email, 'Tour on Saturday?');
    expect(replyTo).toMatch(new RegExp(`^reply\\+[0-9a-f]{56}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(await replyToOf(otto.email, 'Hello Otto')).not.toBe(replyTo);

    const gmail = `Yes Saturday works!\r\n\r\nOn Mon, Nov 23, 2026 at 9:14 AM Jane Agent <${replyTo}> wrote:\r\n\r\n> Hi Nora, would Saturday at 10 work?\r\n`;
    const res = await post(
      mailgunForm(
        {
          recipient: replyTo,
          sender: nora.email,
          from: `Nora Nguyen <${nora.email}>`,
          subject: 'Re: Tour on Saturday?',
          'body-plain': gmail,
          'Message-Id': '<CAF=abc123@mail.gmail.com>',
        },
        [
          { name: 'kitchen.png', type: 'image/png', bytes: PNG },
          { name: 'setup.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ\x90\x00 not a photo') },
        ],
      ),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ message: 'Received' });

    const [reply, ...more] = await received(nora.leadId);
    expect(more).toEqual([]);
    expect(reply!.data).toMatchObject({
      leadId: nora.leadId,
      from: nora.email,
      subject: 'Re: Tour on Saturday?',
      body: 'Yes Saturday works!',
      attachmentsRefused: 1,
    });
    const attachments = reply!.data.attachments as { uploadId: string; name: string; contentType: string }[];
    expect(attachments).toEqual([{ uploadId: expect.stringMatching(/^[a-f0-9]{32}\.png$/), name: 'kitchen.png', contentType: 'image/png' }]);
    const file = await fetch(`${server.url}/uploads/${attachments[0]!.uploadId}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    // Otto's thread has nothing of it.
    expect(await received(otto.leadId)).toEqual([]);

    // Audited: both e-mails are in the lead's account history (staff).
    const staff = await signIn(server, 'staff@porchlight.test');
    const lead = (await janeC.get(`/api/dashboard/feed/lead/${nora.leadId}`)).body.lead as { userId: string };
    const history = await staff.get(`/api/backoffice/accounts/${lead.userId}/history`);
    expect(history.status, history.text).toBe(200);
    expect(history.body.types).toEqual(expect.arrayContaining(['LeadEmailSent', 'LeadEmailReceived']));

    // Mailgun delivers it again (a new token, the same Message-Id): one reply in the thread.
    const again = await post(
      mailgunForm({
        recipient: replyTo,
        sender: nora.email,
        subject: 'Re: Tour on Saturday?',
        'body-plain': gmail,
        'Message-Id': '<CAF=abc123@mail.gmail.com>',
      }),
    );
    expect(await again.json()).toEqual({ message: 'Already received' });
    expect(await received(nora.leadId)).toHaveLength(1);
  });

  it("takes Mailgun's stripped-text when there is one (a form without files, URL-encoded, works too)", async () => {
    const secret = await server.app.get(SecretKey).get();
    const form = mailgunForm({
      recipient: replyAddress(secret, otto.leadId, DOMAIN),
      sender: otto.email,
      subject: 'Re: Hello Otto',
      'body-plain': 'Thanks!\n\n> Hi',
      'stripped-text': 'Thanks!',
    });
    const res = await post(new URLSearchParams([...form.entries()].map(([k, v]): [string, string] => [k, String(v)])));
    expect(res.status).toBe(200);
    expect((await received(otto.leadId)).map((e) => e.data.body)).toEqual(['Thanks!']);
  });

  it('refuses forged signatures, stale timestamps, replayed tokens and unsigned posts (403); nothing joins a thread', async () => {
    const secret = await server.app.get(SecretKey).get();
    const fields = { recipient: replyAddress(secret, nora.leadId, DOMAIN), sender: 'mallory@evil.test', subject: 'Re: x', 'body-plain': 'Send me the keys' };
    const before = (await received(nora.leadId)).length;
    const forged = await post(mailgunForm(fields, [], { key: 'key-not-the-real-one-000000000' }));
    expect([forged.status, await forged.json()]).toEqual([403, { message: NOT_SIGNED }]);
    const stale = await post(mailgunForm(fields, [], { timestamp: Math.floor(Date.now() / 1000) - 16 * 60 }));
    expect([stale.status, await stale.json()]).toEqual([403, { message: STALE }]);
    const unsigned = new FormData();
    for (const [k, v] of Object.entries(fields)) unsigned.append(k, v);
    expect((await post(unsigned)).status).toBe(403);

    // A genuine post captured and replayed, with other words (the signature does not cover them).
    const token = randomBytes(25).toString('hex');
    const timestamp = Math.floor(Date.now() / 1000);
    expect(
      (await post(mailgunForm({ ...fields, sender: nora.email, 'body-plain': 'Real reply', 'Message-Id': '<real@x>' }, [], { token, timestamp }))).status,
    ).toBe(200);
    const replay = await post(mailgunForm({ ...fields, 'body-plain': 'Send me the keys', 'Message-Id': '<evil@x>' }, [], { token, timestamp }));
    expect([replay.status, await replay.json()]).toEqual([403, { message: REPLAYED }]);
    const bodies = (await received(nora.leadId)).map((e) => e.data.body);
    expect(bodies).toHaveLength(before + 1);
    expect(bodies).not.toContain('Send me the keys');
  });

  it('a recipient token we did not sign answers 406 (Mailgun does not retry) and never joins a thread', async () => {
    const secret = await server.app.get(SecretKey).get();
    const real = replyAddress(secret, nora.leadId, DOMAIN);
    const otherLeadHex = otto.leadId.replace(/-/g, '');
    // Otto's id with Nora's signature, a changed signature, another domain, no reply address at all.
    const forgedToken = real.replace(/reply\+[0-9a-f]{32}/, `reply+${otherLeadHex}`);
    const flipped = real.replace(/([0-9a-f])@/, (_, c: string) => `${c === '0' ? '1' : '0'}@`);
    const before = [(await received(nora.leadId)).length, (await received(otto.leadId)).length];
    for (const recipient of [forgedToken, flipped, real.replace(DOMAIN, 'evil.test'), 'agent@demo.test', `reply+${'0'.repeat(56)}@${DOMAIN}`]) {
      const res = await post(mailgunForm({ recipient, sender: 'x@y.test', subject: 'hi', 'body-plain': 'Let me in' }));
      expect([res.status, await res.json()], recipient).toEqual([406, { message: NOT_A_THREAD }]);
    }
    expect([(await received(nora.leadId)).length, (await received(otto.leadId)).length]).toEqual(before);
  });
});
