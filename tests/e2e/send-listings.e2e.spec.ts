import { describe, expect, it } from 'vitest';
import { home, importHomes } from '../organizer/organizer-fixture';
import { seriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoUser, janesLead, PASSWORD } from '../support/dashboard-fixture';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('send listings in Chromium: the agent picks two listings on the lead page and the e-mail with both cards reaches the mailbox', () => {
  const app = dashboardBrowserApp((server) =>
    importHomes(server, [
      home('EV1', { UnparsedAddress: '16884 Evergreen Ct', ListPrice: 725_000, ListOfficeName: 'Barton Hills Realty', ListAgentFullName: 'Dana Whitfield' }),
      home('LS2', { UnparsedAddress: '2 Elm St', ListPrice: 2100, PropertyType: 'Residential Lease', ListOfficeName: 'Crestview Property Group' }),
    ]).then(() => undefined),
  );

  it('finds them by address and MLS number, by keyboard, sends one e-mail; the dialog is axe-clean and fits a phone', async () => {
    const { server, browser } = app;
    const { leadId } = await janesLead(server, { FullName: 'Ada Lovelace' });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, demoUser('agent').email);
    await page.goto(`${server.url}/dashboard?lead=${leadId}`);
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();

    await page.getByRole('button', { name: 'Send listings' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send listings to Ada Lovelace' });
    await dialog.getByText('No favourites yet.').waitFor();
    const find = dialog.getByLabel('Find a listing by address or MLS number');
    await find.fill('16884 ever');
    const evergreen = dialog.getByRole('checkbox', { name: /16884 Evergreen Ct/ });
    await evergreen.focus();
    await page.keyboard.press('Space');
    await find.fill('mlls2');
    const elm = dialog.getByRole('checkbox', { name: /2 Elm St/ });
    await elm.focus();
    await page.keyboard.press('Space');
    await dialog.getByText('2 of at most 10 chosen: 16884 Evergreen Ct; 2 Elm St').waitFor();
    await dialog.getByLabel('Note (optional)').fill('Both near the park');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/send-listings-phone.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Send 2 listings' }).click();
    await dialog.getByText('Sent 2 listings to Ada Lovelace.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Sent 2 listings by e-mail: 16884 Evergreen Ct; 2 Elm St').waitFor({ timeout: 15_000 });

    // The "Create search for lead" dialog is axe-clean too.
    await page.getByRole('button', { name: 'Create search for lead' }).click();
    await page.getByRole('dialog', { name: 'Create a search for Ada Lovelace' }).getByLabel('City or zip code').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    const staff = await signedInContext(browser, server.url, demoUser('staff').email, PASSWORD);
    const mailbox = await staff.newPage();
    const mail = mailbox.getByRole('article', { name: 'Jane Agent sent you 2 homes — Jane Agent Homes' });
    await expect
      .poll(
        async () => {
          await mailbox.goto(`${server.url}/dev/mailbox`);
          await mailbox.getByRole('heading', { name: 'Development mailbox' }).waitFor();
          return mail.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const text = await mail.textContent();
    expect(text).toContain('16884 Evergreen Ct, Seattle, WA — $725,000 — 3 bd · 2 ba · 1,500 sq ft');
    expect(text).toContain('Listing courtesy of Dana Whitfield, Barton Hills Realty');
    expect(text).toContain('2 Elm St, Seattle, WA — $2,100/mo');
    expect(text).toContain('Listing courtesy of Crestview Property Group');
    expect(text).toContain('Both near the park');
    expect(await mail.getByRole('link', { name: /\/api\/listing-mail\/.+\/click\?to=%2Flisting%2FT-EV1/ }).count()).toBe(1);
    expect(await mail.getByRole('link', { name: /\/api\/listing-mail\/.+\/click\?to=%2Flisting%2FT-LS2/ }).count()).toBe(1);
    await staff.close();
  });

  it('offers the lead notifications on their organizer, asked only when they press the button; axe-clean at 390 px', async () => {
    const { server, browser } = app;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, demoUser('lead').email);
    await page.goto(`${server.url}/organizer`);
    const region = page.getByRole('region', { name: 'Notifications' });
    await region.getByRole('button', { name: 'Turn on notifications' }).waitFor();
    // Nothing was asked on load.
    expect(await page.evaluate('Notification.permission')).toBe('default');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await context.close();
  });
});
