import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { home, importHomes, verifiedLead } from '../organizer/organizer-fixture';
import { seriousViolations } from '../support/axe';
import { castOf, PASSWORD } from '../support/backoffice-people';
import { browserApp } from '../support/browser-app';
import { SmtpStandIn } from '../support/smtp-stand-in';

const FRIEND = 'friend@refused.test';
const relay = new SmtpStandIn({ refuse: true });

/** Until `check` holds (a message goes out seconds after it is queued again). */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('failed messages in the back-office, in Chromium', () => {
  beforeAll(async () => {
    await relay.start();
  });
  let cast: Awaited<ReturnType<typeof castOf>>;
  const app = browserApp({
    env: () => ({ SMTP_URL: relay.url }),
    prepare: async (server) => {
      cast = await castOf(server);
      await importHomes(server, [home('FM1', { UnparsedAddress: '1 Refused Rd' })]);
    },
  });

  const signInAsStaff = async (page: Page) => {
    const res = await page
      .context()
      .request.post(`${app.server.url}/api/account/login`, { data: { Email: cast.staff.email, password: PASSWORD }, headers: { origin: app.server.url } });
    expect(((await res.json()) as { isSuccess: boolean }).isSuccess).toBe(true);
  };
  const shareState = async () =>
    (await app.db.pool.query<{ state: string }>(`SELECT state FROM share_mail_outbox WHERE to_email = $1`, [FRIEND])).rows[0]?.state;

  it('staff see a message the relay refused for good, with its reason, and send it again once', async () => {
    const ada = await verifiedLead(app.server, 'ada@refused.test');
    expect((await ada.post('/api/organizer/share', { pdid: 'T-FM1', email: FRIEND, message: 'Look' })).status).toBe(204);
    await until('the refusal', async () => (await shareState()) === 'failed');

    const page = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAsStaff(page);
    await page.goto(`${app.server.url}/dashboard/backoffice`);
    await page.getByRole('link', { name: 'Failed messages' }).click();
    const table = page.getByRole('table', { name: 'Listings shared with a friend: failed messages' });
    const row = table.getByRole('row').filter({ hasText: 'SMTP 550' });
    await row.waitFor();
    expect(await row.textContent()).toContain('SMTP 550: 5.1.1 <address>: Recipient address rejected: User unknown');
    expect(await seriousViolations(page)).toEqual([]);

    relay.refuse = false;
    const button = row.getByRole('button', { name: /Send again/ });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: '1 queued to be sent again' }).waitFor();
    await until('the message sent', () => relay.accepted.some((m) => m.to.includes(FRIEND)));
    await until('the row marked sent', async () => (await shareState()) === 'sent');
    // Other messages the relay refused meanwhile (the agents' new-lead notices) stay listed; this outbox has none left.
    await page.reload();
    await page.getByRole('table').first().or(page.getByText('No failed messages: every outbox is delivering.')).waitFor();
    expect(await table.count()).toBe(0);
    expect(relay.accepted.filter((m) => m.to.includes(FRIEND))).toHaveLength(1);
    expect(relay.recipients.filter((r) => r === FRIEND)).toHaveLength(2);
    await page.close();
  }, 120_000);
});
