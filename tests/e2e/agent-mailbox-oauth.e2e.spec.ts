import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoUser, signIn } from '../support/dashboard-fixture';
import { DovecotServer } from '../support/dovecot-server';
import { OAuthProviderStandIn } from '../support/oauth-provider-stand-in';
import { signInPage } from '../support/sign-in-page';
import { SmtpStandIn } from '../support/smtp-stand-in';

const SHOTS = process.env.SCREENSHOT_DIR;
const AGENT = 'jane.agent@gmail.test';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Settings › Connect your mailbox in Chromium: Connect with Google, through the consent and back, connected', () => {
  const google = new OAuthProviderStandIn(AGENT);
  const imap = new DovecotServer(
    { [AGENT]: 'a password nobody uses here' },
    {
      get oauth2IntrospectionUrl() {
        return `${google.url}/introspect`;
      },
    },
  );
  const smtp = new SmtpStandIn({ auth: { user: AGENT, pass: 'a password nobody uses here' }, oauth: async () => true });
  /** The provider sends the browser back to PUBLIC_URL: the server's own address, known before it starts. */
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    await google.start();
    await imap.start();
    await smtp.start();
  });
  afterAll(async () => {
    await imap.remove();
    await smtp.stop();
    await google.stop();
  });
  const app = dashboardBrowserApp(undefined, () => ({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    GOOGLE_MAIL_CLIENT_ID: google.client.id,
    GOOGLE_MAIL_CLIENT_SECRET: google.client.secret,
    GOOGLE_MAIL_AUTHORIZE_URL: `${google.url}/authorize`,
    GOOGLE_MAIL_TOKEN_URL: `${google.url}/token`,
    GOOGLE_MAIL_IMAP_URL: `imap://127.0.0.1:${imap.port}`,
    GOOGLE_MAIL_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  }));

  it(
    'offers Google only (Microsoft is not configured), by keyboard: a refused consent is said, then the consent connects the mailbox; axe-clean; at 390 px it fits',
    { timeout: 180_000 },
    async () => {
      const context = await app.browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${app.server.url}/search`);
      await signInPage(page, demoUser('agent').email);
      await page.goto(`${app.server.url}/dashboard?view=settings`);
      const section = page.getByRole('region', { name: 'Connect your mailbox' });
      const button = section.getByRole('link', { name: 'Connect with Google' });
      await button.waitFor();
      await section.getByRole('radio', { name: 'Microsoft 365' }).check();
      expect(await section.getByRole('link', { name: /^Connect with/ }).count()).toBe(0);
      await section.getByRole('radio', { name: 'Gmail' }).check();
      expect(await seriousViolations(page)).toEqual([]);

      google.deny = true;
      await button.focus();
      await page.keyboard.press('Enter');
      await section.getByRole('alert').getByText('Access was not allowed, so your mailbox is not connected.').waitFor();
      expect(new URL(page.url()).search).toBe('?view=settings');

      google.deny = false;
      await section.getByRole('link', { name: 'Connect with Google' }).click();
      await section.getByRole('status').getByText('Your mailbox is connected.').waitFor();
      await section.getByText('Connected: read every minute').waitFor();
      await section.getByText(AGENT).waitFor();
      expect(google.grants).toEqual(['authorization_code']);
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/mailbox-oauth-connected.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

      const jane = await signIn(app.server, demoUser('agent').email);
      expect((await jane.get('/api/dashboard/emailintegration')).body).toMatchObject({ connected: true, provider: 'gmail', auth: 'oauth2', address: AGENT });

      // The access taken back at Google: the mailbox stops, and says how to connect again.
      // Tokens of a minute from now on: each use renews first, so the next sync meets the revocation.
      google.expiresIn = 60;
      await jane.delete('/api/dashboard/emailintegration');
      await page.reload();
      await section.getByRole('link', { name: 'Connect with Google' }).click();
      await section.getByText('Connected: read every minute').waitFor();
      google.revoke();
      await section.getByRole('button', { name: 'Sync now' }).click();
      await section
        .getByRole('alert')
        .getByText('Google no longer gives access to your mailbox (the access was revoked or has expired); connect it again')
        .waitFor();
      await section.getByRole('link', { name: 'Connect with Google again' }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
