import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { importListings } from '../../src/modules/listings';
import type { ResoRecord } from '../../src/modules/listings/reso-record';
import { seriousViolations } from '../support/axe';
import { ballardSales, importItems } from '../support/ballard-sales';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoUser, settle } from '../support/dashboard-fixture';
import { waitForMail } from '../support/mail-outbox';
import { signInPage } from '../support/sign-in-page';

const LOAD_MS = 30_000;

/** Issue 33 part 2 in Chromium: /sell makes a seller lead on the agent's dashboard; the agent edits and sends its CMA; the lead opens it. */
describe('the seller lead and its CMA in Chromium', () => {
  let sales: ResoRecord[] = [];
  const app = dashboardBrowserApp(async (server) => {
    sales = await ballardSales();
    await importListings(server.runtime.store, importItems(sales), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  });

  it('an address in, the estimate and comps, sent; the agent sees the lead, edits the CMA by keyboard, sends it; the lead reads it on a phone', async () => {
    const { server, browser } = app;
    const jane = `http://jane.localhost:${new URL(server.url).port}`;
    const visitor: Page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    visitor.setDefaultTimeout(LOAD_MS);
    await visitor.goto(`${jane}/sell`);
    const home = sales[sales.length - 2]!;
    await visitor.getByLabel('Address of your home').fill(home.UnparsedAddress!);
    await visitor.keyboard.press('Enter');
    await visitor.getByTestId('valuation').waitFor();
    expect(await visitor.getByTestId('valuation').locator('tbody tr').count()).toBe(16);
    await visitor.getByLabel('Full name', { exact: true }).fill('Sam Seller');
    const email = `seller-${Date.now()}@example.com`;
    await visitor.getByLabel('Email', { exact: true }).fill(email);
    await visitor.getByLabel('Phone', { exact: true }).fill('2065550199');
    await visitor.getByRole('checkbox', { name: /E-mail me my home’s estimated value/ }).check();
    const answered = visitor.waitForResponse((r) => r.url().endsWith('/api/valuation/seller-lead'));
    await visitor.getByRole('button', { name: 'Get my home value' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const { leadId } = (await response.json()) as { leadId: string };
    await visitor.getByTestId('inquiry-sent').waitFor();
    await settle(server);

    // Jane (Jane's own site: her lead) finds it on her dashboard, its home value on the timeline.
    const agent: Page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    agent.setDefaultTimeout(LOAD_MS);
    await agent.goto(`${server.url}/search`);
    await signInPage(agent, demoUser('agent').email);
    await agent.goto(`${server.url}/dashboard`);
    await agent.getByText('Sam Seller').first().waitFor();
    await agent.goto(`${server.url}/dashboard?lead=${leadId}`);
    await agent.getByRole('heading', { name: 'Sam Seller' }).waitFor();
    const street = home.UnparsedAddress!.split(',')[0]!;
    await agent.getByText(new RegExp(`^Home value requested: ${street} — \\$[\\d,]+ \\(\\$[\\d.]+[kM]–\\$[\\d.]+[kM]\\), 16 comps$`)).waitFor();

    await agent.getByRole('button', { name: 'Open the CMA' }).focus();
    await agent.keyboard.press('Enter');
    const estimate = agent.getByTestId('cma-estimate');
    await estimate.waitFor();
    // The lead asked for the monthly e-mail on /sell.
    expect(await agent.getByRole('checkbox', { name: /^Monthly home value e-mail/ }).isChecked()).toBe(true);
    const keeps = agent.getByRole('checkbox', { name: /^Keep / });
    expect(await keeps.count()).toBe(16);
    await keeps.first().focus();
    await agent.keyboard.press('Space');
    const adjust = agent.getByRole('spinbutton', { name: /^Your adjustment for / }).nth(1);
    await adjust.fill('-40000');
    await agent
      .getByRole('textbox', { name: /^Note for / })
      .nth(1)
      .fill('Smaller lot');
    expect(await seriousViolations(agent)).toEqual([]);
    await agent.getByRole('button', { name: 'Save the CMA' }).click();
    await agent.getByRole('status').filter({ hasText: 'Saved as version 1.' }).waitFor();
    expect(await estimate.textContent()).toMatch(/^\$[\d,]+$/);
    expect(await keeps.first().isChecked()).toBe(false);
    await agent.getByRole('button', { name: 'Send to lead' }).click();
    await agent.getByRole('status').filter({ hasText: 'Sent: the lead gets an e-mail' }).waitFor();
    const figure = await estimate.textContent();

    // The lead's e-mail holds the signed link; the page it opens is read-only, plain, axe-clean and fits a phone.
    const mail = await waitForMail(server.runtime.db.pool, email, (m) => m.subject.includes('market analysis'));
    const link = /(https?:\/\/\S+\/cma\?t=\S+)/.exec(mail.text)![1]!;
    // The link names the site's public address; the test server listens on a port of its own.
    const { pathname, search } = new URL(link);
    await visitor.goto(`${jane}${pathname}${search}`);
    await visitor.getByRole('heading', { name: `Market analysis of ${street}` }).waitFor();
    expect(await visitor.getByTestId('cma-view-estimate').textContent()).toBe(figure);
    await visitor.getByText(/This is an estimate, not an appraisal/).waitFor();
    expect(await visitor.locator('tbody tr').count()).toBe(15);
    await visitor.getByText('Smaller lot').waitFor();
    expect(await visitor.getByRole('checkbox').count()).toBe(0);
    expect(await visitor.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await seriousViolations(visitor)).toEqual([]);

    // Opened: on the agent's timeline.
    await agent.getByText('Opened the CMA').waitFor({ timeout: 15_000 });
  });
});
