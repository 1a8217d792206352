import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadEmailSender } from '../../src/modules/conversation';
import { MailboxSync } from '../../src/modules/mailbox';
import { demoUser, janesLead, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { DovecotServer } from '../support/dovecot-server';
import { SmtpStandIn } from '../support/smtp-stand-in';
import type { WebClient } from '../support/web-client';

const AGENT = 'jane.agent@mail.test';
const APP_PASSWORD = 'abcd efgh ijkl mnop';
const imapServer = new DovecotServer({ [AGENT]: APP_PASSWORD });
/** The agent's own provider's SMTP server; the product's relay is another. */
const agentSmtp = new SmtpStandIn({ auth: { user: AGENT, pass: APP_PASSWORD } });
const productRelay = new SmtpStandIn();
const PATH = '/api/dashboard/emailintegration';

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const deliver = (folder: 'INBOX' | 'Sent', m: Parameters<DovecotServer['deliver']>[2]) => imapServer.deliver(AGENT, folder, m);

describe("an agent's own mailbox (IMAP and SMTP with an app password) against a real IMAP server", () => {
  beforeAll(async () => {
    await imapServer.start();
    await agentSmtp.start();
    await productRelay.start();
  });
  afterAll(async () => {
    await imapServer.remove();
    await agentSmtp.stop();
    await productRelay.stop();
  });
  const app = dashboardServer(undefined, {
    get SMTP_URL() {
      return productRelay.url;
    },
  });
  let jane: WebClient;
  const settings = (password = APP_PASSWORD) => ({
    provider: 'imap',
    address: AGENT,
    password,
    imap: { host: '127.0.0.1', port: imapServer.port, secure: false },
    smtp: { host: '127.0.0.1', port: agentSmtp.port, secure: false },
  });
  const thread = async (leadId: string) => {
    await app.server.runtime.runner.waitForCatchUp();
    const res = await jane.get(`/api/dashboard/leads/${leadId}/thread`);
    expect(res.status, res.text).toBe(200);
    return (res.body.items as { channel: string; direction: string; subject: string | null; body: string }[]).filter((i) => i.channel === 'email');
  };
  const emailEvents = async (leadId: string) => (await app.server.runtime.store.readStream(`email-${leadId}`)).length;

  beforeAll(async () => {
    jane = await signIn(app.server, demoUser('agent').email);
  });

  it('tests the settings before saving: a refused password and an unreachable server are named, and nothing is saved', { timeout: 60_000 }, async () => {
    const wrong = await jane.post(`${PATH}/test`, settings('not the password'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The IMAP server 127.0.0.1 refused the user name or password');
    const closed = await jane.post(`${PATH}/test`, { ...settings(), imap: { host: '127.0.0.1', port: 1, secure: false } });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe('Could not reach the IMAP server 127.0.0.1:1 (ECONNREFUSED)');
    const bad = await jane.post(`${PATH}/test`, { ...settings(), address: 'nobody' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('address is not valid');
    const ok = await jane.post(`${PATH}/test`, settings());
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.message).toBe('Signed in to 127.0.0.1 (IMAP) and 127.0.0.1 (SMTP)');
    expect((await jane.get(PATH)).body).toEqual({ connected: false });
  });

  it('connects with the password sealed: never answered, never in clear in the event log', { timeout: 60_000 }, async () => {
    const res = await jane.request('PUT', PATH, { json: settings() });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ connected: true, provider: 'imap', address: AGENT, username: AGENT, state: 'syncing', lastError: null });
    expect(res.text).not.toContain(APP_PASSWORD);
    expect((await jane.get(PATH)).text).not.toContain(APP_PASSWORD);
    const { rows } = await app.server.runtime.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1`, [
      `%${APP_PASSWORD}%`,
    ]);
    expect(rows[0]!.n).toBe(0);
    const { rows: sealed } = await app.server.runtime.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = 'MailboxConnected' AND data->'secret'->>'data' IS NOT NULL`,
    );
    expect(sealed[0]!.n).toBe(1);
  });

  it(
    "copies mail exchanged with a lead from any client into the lead's thread, exactly once across re-runs, a lost checkpoint, two instances and a new UIDVALIDITY",
    { timeout: 120_000 },
    async () => {
      const lead = await janesLead(app.server);
      await deliver('INBOX', {
        from: lead.email,
        to: AGENT,
        subject: 'About the house on Elm',
        text: 'Can we see it Saturday?\n\nOn Mon, Jane wrote:\n> Hello',
        messageId: '<elm-1@lead.test>',
      });
      await deliver('Sent', {
        from: AGENT,
        to: lead.email,
        subject: 'Re: About the house on Elm',
        text: 'Saturday at 10 works.',
        messageId: '<elm-2@mail.test>',
      });
      await deliver('INBOX', { from: 'stranger@else.test', to: AGENT, subject: 'Lunch?', text: 'Not a lead' });
      await deliver('INBOX', { from: lead.email, to: AGENT, subject: 'No id', text: 'A message without a Message-ID' });

      // The poller may read them first (a mailbox just connected is due at once): either way they are in.
      let first = await jane.post(`${PATH}/sync`);
      expect(first.status, first.text).toBe(200);
      await until('three messages copied', async () => (first = await jane.post(`${PATH}/sync`)).body.messages === 3);
      expect(first.body).toMatchObject({ connected: true, state: 'syncing', messages: 3, lastError: null });
      expect(first.body.lastSyncAt).toBeTruthy();
      const items = await thread(lead.leadId);
      expect(items.map((i) => [i.direction, i.subject, i.body])).toEqual(
        expect.arrayContaining([
          ['in', 'About the house on Elm', 'Can we see it Saturday?'],
          ['out', 'Re: About the house on Elm', 'Saturday at 10 works.'],
          ['in', 'No id', 'A message without a Message-ID'],
        ]),
      );
      expect(items).toHaveLength(3);
      const events = await emailEvents(lead.leadId);
      // The copy of a message sent elsewhere is never sent again.
      await app.server.app.get(LeadEmailSender).sendPending();
      const queued = await app.server.runtime.db.pool.query('SELECT 1 FROM lead_email_outbox WHERE lead_id = $1', [lead.leadId]);
      expect(queued.rowCount).toBe(0);
      expect([...productRelay.accepted, ...agentSmtp.accepted].filter((m) => m.to.includes(lead.email))).toHaveLength(0);

      // Again: nothing new.
      expect((await jane.post(`${PATH}/sync`)).body.copied).toBe(0);
      // A run that appended and died before its checkpoint committed: the next reads the messages again and records nothing.
      await app.server.runtime.db.pool.query('DELETE FROM mailbox_folders');
      expect((await jane.post(`${PATH}/sync`)).body.copied).toBe(0);
      // The server numbered its folders anew (UIDVALIDITY changed): read from the start, still once.
      await app.server.runtime.db.pool.query('UPDATE mailbox_folders SET uid_validity = uid_validity + 1');
      expect((await jane.post(`${PATH}/sync`)).body.copied).toBe(0);
      expect(await emailEvents(lead.leadId)).toBe(events);

      // Two instances at once (two syncs of one mailbox, each as its own instance would run it): one reads, and the message joins the thread once.
      await deliver('INBOX', { from: lead.email, to: AGENT, subject: 'One more', text: 'And the garage?', messageId: '<elm-3@lead.test>' });
      const sync = app.server.app.get(MailboxSync);
      const runs = await Promise.all([sync.sync(demoUser('agent').userId), sync.sync(demoUser('agent').userId), sync.sync(demoUser('agent').userId)]);
      expect(runs.filter((r) => r.state === 'synced').reduce((n, r) => n + (r.state === 'synced' ? r.copied : 0), 0)).toBe(1);
      expect(await emailEvents(lead.leadId)).toBe(events + 1);
      expect((await thread(lead.leadId)).filter((i) => i.subject === 'One more')).toHaveLength(1);
    },
  );

  it("sends the agent's e-mail to a lead from their own address through their own SMTP server", { timeout: 120_000 }, async () => {
    const lead = await janesLead(app.server);
    const res = await jane.post(`/api/dashboard/leads/${lead.leadId}/emails`, { subject: 'Homes for you', body: 'Three new ones on Elm.' });
    expect(res.status, res.text).toBe(201);
    await until('the e-mail sent by the agent’s server', async () => agentSmtp.accepted.some((m) => m.to.includes(lead.email)));
    const mail = agentSmtp.accepted.find((m) => m.to.includes(lead.email))!;
    expect(mail.data).toMatch(new RegExp(`^From: ${AGENT.replace('.', '\\.')}`, 'mi'));
    expect(mail.data).toContain('Subject: Homes for you');
    expect(agentSmtp.signedIn).toContain(AGENT);
    expect(productRelay.accepted.filter((m) => m.to.includes(lead.email))).toHaveLength(0);
    expect((await thread(lead.leadId)).filter((i) => i.subject === 'Homes for you' && i.direction === 'out')).toHaveLength(1);
  });

  it('names a failing mailbox in its status and retries under the outbox policy; disconnecting stops it', { timeout: 60_000 }, async () => {
    await imapServer.stop();
    const res = await jane.post(`${PATH}/sync`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      connected: true,
      state: 'retrying',
      lastError: expect.stringMatching(/^Could not reach the IMAP server 127\.0\.0\.1:\d+ \(ECONNREFUSED\)$/),
    });
    expect(new Date(res.body.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());

    const off = await jane.delete(PATH);
    expect(off.body).toEqual({ connected: false });
    expect((await jane.get(PATH)).body).toEqual({ connected: false });
    expect((await jane.post(`${PATH}/sync`)).body.message).toBe('No mailbox is connected');
  });
});
