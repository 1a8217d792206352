import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { localDate, zonedTimeToInstant } from '../../src/contract/tasks';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { newLead, settle, signIn } from '../support/dashboard-fixture';
import { waitForMails } from '../support/mail-outbox';
import { home } from '../support/reso-home';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;
const ZONE = 'America/Los_Angeles';
const DAY = 24 * 3600_000;

describe('buyer agreements in Chromium: a showing refused without one, the agent drafts and sends it, the lead signs by the link on a phone, the showing is confirmed', () => {
  const app = dashboardBrowserApp((server) =>
    importListings(server.runtime.store, [{ record: 1, line: null, parse: () => home('P1') }] satisfies ImportItem[], { mls: 'T', ctx: systemContext() }).then(
      () => undefined,
    ),
  );

  it('works with the keyboard, on a desktop and at 390 px, axe-clean', async () => {
    const { server, browser } = app;
    const { client, leadId, email } = await newLead(server, 'jane.localhost', { FullName: 'Bea Buyer' });
    const day = localDate(new Date(Date.now() + 3 * DAY), ZONE);
    const start = zonedTimeToInstant(`${day}T14:00`, ZONE)!;
    expect((await client.post('/api/organizer/schedule', { pdid: 'T-P1', preferredAt: start.toISOString() })).status).toBe(204);
    await settle(server);
    const jane = await signIn(server, 'agent@demo.test', 'jane.localhost');
    await expect.poll(async () => (await jane.get(`/api/dashboard/showings?leadId=${leadId}`)).body.showings?.length, { timeout: 15_000 }).toBe(1);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard?lead=${leadId}`);
    await page.getByRole('heading', { name: 'Bea Buyer' }).waitFor();

    // No agreement: confirming the lead's request is refused with the reason and a way to add one.
    const showings = page.getByRole('region', { name: 'Showings' });
    await showings.getByRole('button', { name: 'Confirm' }).click();
    await showings.getByText(/^Bea Buyer has no buyer agreement in force on \d+ \w+; add or sign one first/).waitFor();
    await showings.getByRole('link', { name: 'Add a buyer agreement' }).waitFor();
    const agreements = page.getByRole('region', { name: 'Buyer agreements' });
    await agreements.getByText('No buyer agreement yet.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The agent drafts one with the keyboard (the defaults: exclusive, 2.5 %, from today for 90 days) and sends it.
    await agreements.getByLabel('Compensation as').selectOption('percent');
    await agreements.getByLabel('Compensation (%)').fill('3');
    await agreements.getByLabel('Compensation (%)').press('Enter');
    await agreements.getByText('Agreement drafted', { exact: false }).waitFor();
    await agreements.getByText('3% of the purchase price', { exact: false }).waitFor();
    await agreements.getByRole('button', { name: 'Send for signature' }).focus();
    await page.keyboard.press('Enter');
    await agreements.getByText('Sent: Bea Buyer is e-mailed a link to sign.').waitFor();
    await agreements.getByText('Sent for signature', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/agreements-panel.png`, fullPage: true });

    // Until it is signed, Bea is among the buyers touring without an agreement.
    await page.goto(`${server.url}/dashboard?view=agreements`);
    await page.getByRole('heading', { name: 'Buyers without an agreement', level: 1 }).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: 'Bea Buyer' });
    await row.getByText('Agent: Jane Agent').waitFor();
    await row.getByText('Next showing: 200 Pine St, Seattle, WA 98101', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The lead opens the e-mail's link on a phone, reads the terms, types their name and signs.
    const mail = (await waitForMails(server.runtime.db.pool, email, 1)).find((m) => m.subject.startsWith('Please review and sign'))!;
    const link = new URL(/(http\S+\/agreements\/sign\?t=\S+)/.exec(mail.text)![1]!);
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: ZONE, isMobile: true })).newPage();
    await phone.goto(`${server.url}${link.pathname}${link.search}`);
    await phone.getByRole('heading', { name: 'Your buyer agreement' }).waitFor();
    await phone.getByText('Exclusive buyer representation.', { exact: false }).waitFor();
    await phone.getByText('3% of the purchase price').waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await phone.getByRole('button', { name: 'Sign agreement' }).click();
    await phone.getByRole('alert').getByText('Type your full name to sign').waitFor();
    await phone.getByLabel('Your full name').focus();
    await phone.keyboard.type('Bea Buyer');
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('Space');
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('Enter');
    await phone.getByText('This agreement is signed.', { exact: false }).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/agreement-signed-phone.png`, fullPage: true });
    // The link signs once.
    const again = await client.post('/api/agreements/sign', { t: link.searchParams.get('t'), name: 'Bea Buyer', accept: true });
    expect(again.status).toBe(409);

    // Back on the lead page: signed, and the showing is confirmed.
    await row.getByRole('button', { name: 'Bea Buyer' }).click();
    await page.getByRole('heading', { name: 'Bea Buyer' }).waitFor();
    await agreements.getByText('Signed', { exact: true }).waitFor();
    await agreements.getByText('Signed by Bea Buyer', { exact: false }).waitFor();
    await showings.getByRole('button', { name: 'Confirm' }).click();
    await showings.getByText('Confirmed: the lead is sent the invitation.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // At 390 px the lead page's panel fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await agreements.scrollIntoViewIfNeeded();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await agreements.screenshot({ path: `${SHOTS}/agreements-panel-phone.png` });
    await context.close();
  });
});
