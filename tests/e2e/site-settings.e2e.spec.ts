import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signedInContext } from '../support/browser';
import { PASSWORD, settle } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;
const LOAD_MS = 30_000;

async function signedInPage(browser: Browser, server: Started, email: string): Promise<Page> {
  const page = await (await signedInContext(browser, server.url, email, PASSWORD)).newPage();
  page.setDefaultTimeout(LOAD_MS);
  return page;
}

async function visitor(browser: Browser, width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  page.setDefaultTimeout(LOAD_MS);
  return page;
}

describe('site settings in Chromium: the broker changes the gate and the prompt, the public site follows at once', () => {
  const app = dashboardBrowserApp(async (server) => {
    const record = {
      ListingKey: 'SITE-1',
      StandardStatus: 'Active',
      ListPrice: 515_000,
      Latitude: 47.61,
      Longitude: -122.33,
      City: 'Seattle',
      PostalCode: '98101',
      UnparsedAddress: '3 Gate Street',
      BedroomsTotal: 2,
    };
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => record }], { mls: 'E2E', ctx: systemContext() });
    await settle(server);
  });

  it('Site settings view (axe clean, errors at the field) turns on SearchRequiresAccept and PromptLevel 2: a visitor meets the gate and an undismissable prompt; turned off, neither', async () => {
    const broker = await signedInPage(app.browser, app.server, 'broker@demo.test');
    await broker.goto(`${app.server.url}/dashboard?view=site`);
    const panel = broker.getByRole('region', { name: 'Site settings' });
    const save = panel.getByRole('button', { name: 'Save site settings' });
    await save.waitFor();
    await panel.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Realty (demo subdomain)' });
    await expect.poll(() => panel.getByLabel('Brand name').inputValue()).toBe('Demo Realty');
    expect(await seriousViolations(broker)).toEqual([]);

    // A wrong value is refused beside its input, with the server's message.
    const lender = panel.getByRole('textbox', { name: 'Lender application link', exact: true });
    await lender.fill('http://lender.example.com');
    await save.click();
    await panel.getByRole('alert').filter({ hasText: 'The lender link must be an https:// address' }).first().waitFor();
    expect(await lender.getAttribute('aria-invalid')).toBe('true');
    await lender.fill('');
    await panel.getByLabel('Custom domain (DomainName)').fill('not a domain');
    await save.click();
    await panel.getByText('Please enter a valid domain name').first().waitFor();
    await panel.getByLabel('Custom domain (DomainName)').fill('');

    await panel.getByRole('checkbox', { name: /SearchRequiresAccept/ }).check();
    await panel.getByLabel('Prompt level (PromptLevel)').fill('2');
    await panel.getByLabel('Prompt on (PromptPages)').selectOption({ label: 'Search only' });
    await panel.getByLabel('Views before the prompt (PromptViews)').fill('1');
    await panel.getByLabel('Disclaimer').fill('Demo Realty, licensed real estate broker. Equal housing opportunity.');
    await save.press('Enter');
    await panel.getByRole('status').filter({ hasText: 'Site settings saved' }).waitFor();
    expect(await seriousViolations(broker)).toEqual([]);
    if (SHOTS) await broker.screenshot({ path: `${SHOTS}/site-settings.png`, fullPage: true });

    // A visitor, at once: the accept-terms gate, then (second search view) the prompt with no way out.
    const page = await visitor(app.browser, 390);
    await page.goto(`${app.server.url}/search`);
    const terms = page.getByRole('dialog', { name: 'Before you search' });
    await terms.waitFor();
    await page.getByTestId('site-disclaimer').filter({ hasText: 'Equal housing opportunity.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await terms.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await terms.getByRole('button', { name: 'Continue to search' }).click();
    await terms.waitFor({ state: 'hidden' });
    await page.goto(`${app.server.url}/search?city=Seattle`);
    const prompt = page.getByRole('dialog', { name: 'Create an account' });
    await prompt.waitFor();
    expect(await prompt.getByRole('button', { name: 'Close' }).count()).toBe(0);

    // Turned off again: a new visitor searches freely.
    await panel.getByRole('checkbox', { name: /SearchRequiresAccept/ }).uncheck();
    await panel.getByLabel('Prompt level (PromptLevel)').fill('0');
    await save.click();
    await panel.getByRole('status').filter({ hasText: 'Site settings saved' }).waitFor();
    const free = await visitor(app.browser);
    await free.goto(`${app.server.url}/search?city=Seattle`);
    await free.getByTestId('site-disclaimer').waitFor();
    await free.getByText('3 Gate Street').first().waitFor();
    expect(await free.getByRole('dialog').count()).toBe(0);
    await free.goto(`${app.server.url}/search?city=Seattle&page=1`);
    await free.getByText('3 Gate Street').first().waitFor();
    expect(await free.getByRole('dialog').count()).toBe(0);
  });

  it('staff create a site in the back-office onboarding: the DNS records to set, launch, and the site answers on its subdomain with its brand', async () => {
    const staff = await signedInPage(app.browser, app.server, 'staff@porchlight.test');
    await staff.goto(`${app.server.url}/dashboard/backoffice?view=onboarding`);
    const panel = staff.getByRole('region', { name: 'New site' });
    await panel.getByRole('button', { name: 'Create site' }).waitFor();
    expect(await seriousViolations(staff)).toEqual([]);
    await panel.getByLabel('Brand name').fill('Harbor Homes');
    await panel.getByLabel('Subdomain').fill('Harbor Homes');
    await panel.getByRole('button', { name: 'Create site' }).click();
    await panel.getByRole('alert').filter({ hasText: 'A subdomain is 1 to 63 lower-case letters, digits or dashes' }).waitFor();
    await panel.getByLabel('Subdomain').fill('harbor');
    await panel.getByLabel('Owner’s e-mail').fill('broker@demo.test');
    await panel.getByLabel('Custom domain (optional)').fill('harborhomes.example.org');
    await panel.getByRole('button', { name: 'Create site' }).click();
    // The subdomain at once; the custom domain only once its owner proved it (Site settings).
    await panel
      .getByRole('status')
      .filter({
        hasText:
          /Harbor Homes is live at http:\/\/harbor\.localhost(:\d+)?; harborhomes\.example\.org serves it once the DNS records below are set and the owner verified the domain/,
      })
      .waitFor();
    const rows = panel.getByRole('table').getByRole('row');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringMatching(/^type/i), expect.stringMatching(/^CNAME\s+harborhomes\.example\.org\s+localhost\s+Points the domain at this site$/)]);
    expect(await seriousViolations(staff)).toEqual([]);
    await panel.getByLabel('Reason').fill('Onboarding call with Blair');
    await panel.getByRole('button', { name: 'Launch site' }).click();
    await panel.getByRole('status').filter({ hasText: 'Launched.' }).waitFor();

    const page = await visitor(app.browser);
    await page.goto(`http://harbor.localhost:${new URL(app.server.url).port}/search`);
    await page.getByRole('banner').getByText('Harbor Homes').waitFor();
  });
});
