import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailboxSync } from '../../src/modules/mailbox';
import { demoUser, janesLead, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { DovecotServer } from '../support/dovecot-server';
import { OAuthProviderStandIn } from '../support/oauth-provider-stand-in';
import { SmtpStandIn } from '../support/smtp-stand-in';
import type { WebClient } from '../support/web-client';

const AGENT = 'jane.agent@gmail.test';
const PATH = '/api/dashboard/emailintegration';
const google = new OAuthProviderStandIn(AGENT);
/** The same token check dovecot makes: the provider's introspection. */
const introspect = async (user: string, token: string) => {
  const res = await fetch(`${google.url}/introspect`, { method: 'POST', body: new URLSearchParams({ token }) });
  const answer = (await res.json()) as { active: boolean; email?: string };
  return answer.active && answer.email === user;
};
const imapServer = new DovecotServer(
  { [AGENT]: 'a password nobody uses here' },
  {
    get oauth2IntrospectionUrl() {
      return `${google.url}/introspect`;
    },
  },
);
const agentSmtp = new SmtpStandIn({ auth: { user: AGENT, pass: 'a password nobody uses here' }, oauth: introspect });

/** Start → the provider's consent (the stand-in agrees, or not) → the callback, as a browser follows the redirects. */
async function consent(client: WebClient, provider = 'gmail'): Promise<{ callback: string; landed: string }> {
  const start = await client.get(`${PATH}/oauth/${provider}/start`);
  expect(start.status, start.text).toBe(302);
  const authorize = String(start.headers.location);
  const consentAnswer = await fetch(authorize, { redirect: 'manual' });
  const callbackUrl = new URL(String(consentAnswer.headers.get('location')));
  const callback = `${callbackUrl.pathname}${callbackUrl.search}`;
  const done = await client.get(callback);
  expect(done.status, done.text).toBe(302);
  return { callback, landed: String(done.headers.location) };
}

describe("an agent's Gmail connected through Google's consent (OAuth 2.0 with PKCE), signed in with XOAUTH2 to a real IMAP server", () => {
  beforeAll(async () => {
    await google.start();
    await imapServer.start();
    await agentSmtp.start();
  });
  afterAll(async () => {
    await imapServer.remove();
    await agentSmtp.stop();
    await google.stop();
  });
  const app = dashboardServer(undefined, {
    GOOGLE_MAIL_CLIENT_ID: google.client.id,
    GOOGLE_MAIL_CLIENT_SECRET: google.client.secret,
    get GOOGLE_MAIL_AUTHORIZE_URL() {
      return `${google.url}/authorize`;
    },
    get GOOGLE_MAIL_TOKEN_URL() {
      return `${google.url}/token`;
    },
    get GOOGLE_MAIL_IMAP_URL() {
      return `imap://127.0.0.1:${imapServer.port}`;
    },
    get GOOGLE_MAIL_SMTP_URL() {
      return `smtp://127.0.0.1:${agentSmtp.port}`;
    },
  });
  let jane: WebClient;
  beforeAll(async () => {
    jane = await signIn(app.server, demoUser('agent').email);
  });

  it('offers only the configured provider, and asks its consent with PKCE, a refresh token and the mail scope', async () => {
    expect((await jane.get(`${PATH}/oauth`)).body).toEqual({ providers: ['gmail'] });
    const microsoft = await jane.get(`${PATH}/oauth/microsoft/start`);
    expect(microsoft.status).toBe(404);
    expect(microsoft.body.message).toBe('This provider cannot be connected on this server');
    const start = await jane.get(`${PATH}/oauth/gmail/start`);
    const q = new URL(String(start.headers.location)).searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      response_type: 'code',
      client_id: google.client.id,
      scope: 'https://mail.google.com/ openid email',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(q.get('redirect_uri')).toMatch(/\/api\/dashboard\/emailintegration\/oauth\/gmail\/callback$/);
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a refused consent connects nothing; a state is one use and bound to the session that started it', { timeout: 60_000 }, async () => {
    google.deny = true;
    expect((await consent(jane)).landed).toBe('/dashboard?view=settings&mailbox=denied');
    google.deny = false;
    expect((await jane.get(PATH)).body).toEqual({ connected: false });
    // Another session of the same agent (say, a link sent to another browser) cannot finish this consent.
    const start = await jane.get(`${PATH}/oauth/gmail/start`);
    const back = new URL(String((await fetch(String(start.headers.location), { redirect: 'manual' })).headers.get('location')));
    const other = await signIn(app.server, demoUser('agent').email);
    expect((await other.get(`${back.pathname}${back.search}`)).headers.location).toBe('/dashboard?view=settings&mailbox=expired');
    // Taken once (by the other session): it is gone for this one too.
    expect((await jane.get(`${back.pathname}${back.search}`)).headers.location).toBe('/dashboard?view=settings&mailbox=expired');
    expect((await jane.get(PATH)).body).toEqual({ connected: false });
    expect(google.grants).toEqual([]);
  });

  it(
    "connects after the consent, the refresh token sealed; a lead's mail is read with XOAUTH2 and the agent's e-mail leaves through SMTP XOAUTH2",
    { timeout: 120_000 },
    async () => {
      const { landed, callback } = await consent(jane);
      expect(landed).toBe('/dashboard?view=settings&mailbox=connected');
      expect((await jane.get(callback)).headers.location).toBe('/dashboard?view=settings&mailbox=expired');
      const status = await jane.get(PATH);
      expect(status.body).toMatchObject({
        connected: true,
        provider: 'gmail',
        auth: 'oauth2',
        address: AGENT,
        username: AGENT,
        imap: { host: '127.0.0.1', port: imapServer.port, secure: false },
      });
      expect(google.grants).toEqual(['authorization_code']);
      const { rows } = await app.server.runtime.db.pool.query<{ data: string }>(`SELECT data::text AS data FROM events WHERE type = 'MailboxConnected'`);
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.data)).toMatchObject({ auth: 'oauth2', secret: { v: 1 } });
      expect(rows[0]!.data).not.toMatch(/[0-9a-f]{32}/);

      const lead = await janesLead(app.server);
      await imapServer.deliver(AGENT, 'INBOX', {
        from: lead.email,
        to: AGENT,
        subject: 'Gmail question',
        text: 'Is the roof new?',
        messageId: '<gmail-1@lead.test>',
      });
      // The IMAP sign-in of `deliver` uses the password; the product's uses the token dovecot asks the provider about.
      const introspectedBefore = google.introspected.length;
      const sync = app.server.app.get(MailboxSync);
      const deadline = Date.now() + 60_000;
      let copied = 0;
      while (copied === 0 && Date.now() < deadline) {
        const r = await sync.sync(demoUser('agent').userId);
        if (r.state === 'failed') throw new Error(r.reason);
        copied = (await jane.get(PATH)).body.messages;
        if (copied === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(copied).toBe(1);
      expect(google.introspected.length).toBeGreaterThan(introspectedBefore);
      expect(imapServer.log()).not.toMatch(/oauth2.*failed/i);
      // The consent's access token is still good: no renewal.
      expect(google.grants).toEqual(['authorization_code']);

      const res = await jane.post(`/api/dashboard/leads/${lead.leadId}/emails`, { subject: 'Roof', body: 'New in 2021.' });
      expect(res.status, res.text).toBe(201);
      const until = Date.now() + 60_000;
      while (!agentSmtp.accepted.some((m) => m.to.includes(lead.email)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const mail = agentSmtp.accepted.find((m) => m.to.includes(lead.email));
      expect(mail?.data).toMatch(/^From: jane\.agent@gmail\.test/im);
      expect(agentSmtp.signedIn).toContain(AGENT);
    },
  );

  it('renews an access token before it ends, and a revoked refresh token stops the mailbox with a message to connect again', { timeout: 120_000 }, async () => {
    // Tokens of a minute: inside the renewal margin, so each use renews first.
    google.expiresIn = 60;
    expect((await consent(jane)).landed).toBe('/dashboard?view=settings&mailbox=connected');
    google.grants.length = 0;
    const sync = app.server.app.get(MailboxSync);
    let run = await sync.sync(demoUser('agent').userId);
    while (run.state === 'busy') run = await sync.sync(demoUser('agent').userId);
    expect(run).toMatchObject({ state: 'synced' });
    expect(google.grants[0]).toBe('refresh_token');

    // A provider that rotates refresh tokens: the new one is kept (sealed), the old one is refused from then on.
    google.rotate = true;
    const grantsBefore = google.grants.length;
    for (let i = 0; i < 2; i++) {
      do run = await sync.sync(demoUser('agent').userId);
      while (run.state === 'busy');
      expect(run).toMatchObject({ state: 'synced' });
    }
    const renewed = await app.server.runtime.store.readStream(`mailbox-${demoUser('agent').userId}`);
    expect(renewed.filter((e) => e.type === 'MailboxTokenRenewed')).toHaveLength(2);
    expect(google.grants.slice(grantsBefore)).toEqual(['refresh_token', 'refresh_token']);

    google.revoke();
    run = await sync.sync(demoUser('agent').userId);
    while (run.state === 'busy') run = await sync.sync(demoUser('agent').userId);
    const message = 'Google no longer gives access to your mailbox (the access was revoked or has expired); connect it again';
    expect(run).toEqual({ state: 'failed', reason: message, stopped: true });
    expect((await jane.get(PATH)).body).toMatchObject({ connected: true, state: 'stopped', lastError: message });
    expect((await sync.due(100)).includes(demoUser('agent').userId)).toBe(false);
  });
});
