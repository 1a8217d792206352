import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { importListings } from '../../src/modules/listings';
import { queueDigests } from '../../src/modules/valuation/seller-mail/home-digest.scheduler';
import { seriousViolations } from '../support/axe';
import { ballardSales, importItems } from '../support/ballard-sales';
import { dashboardBrowserApp } from '../support/browser-app';
import { settle } from '../support/dashboard-fixture';
import { waitForMail } from '../support/mail-outbox';
import { WebClient } from '../support/web-client';

const LOAD_MS = 30_000;
const HOME = { latitude: 47.6755, longitude: -122.3862, beds: 3, baths: 2, livingArea: 1800 };

/** The homeowner digest's "Ask for a CMA" in Chromium: the e-mail's link lands on a page that asks in one keyboard press, on a phone. */
describe("the digest's CMA request in Chromium", () => {
  const app = dashboardBrowserApp(async (server) => {
    await importListings(server.runtime.store, importItems(await ballardSales()), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  });

  it('follows the e-mail link, confirms with one press, and says it is sent; the page passes axe', async () => {
    const { server, browser } = app;
    const email = `ask-cma-${Date.now()}@example.com`;
    const sent = await WebClient.for(server.url, 'jane.localhost').post('/api/valuation/seller-lead', {
      FullName: 'Ivy Owner',
      Email: email,
      Phone: '2065550182',
      Home: { address: '2412 NW 65th St, Seattle, WA 98117', value: HOME, digest: true },
    });
    expect(sent.status, sent.text).toBe(200);
    await settle(server);
    await queueDigests(server.runtime.db.pool, new Date('2015-03-06T08:00:00Z'));
    const mail = await waitForMail(server.runtime.db.pool, email, (m) => m.subject.startsWith('Your home’s value this month'));
    // The e-mail's absolute link, on this test server's port.
    const link = new URL(/Ask for a CMA .*: (\S+)/.exec(mail.text)![1]!);
    const jane = `http://jane.localhost:${new URL(server.url).port}`;

    const page: Page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    page.setDefaultTimeout(LOAD_MS);
    await page.goto(`${jane}${link.pathname}${link.search}`);
    expect(new URL(page.url()).pathname).toBe('/ask-cma');
    await page.getByRole('heading', { name: 'Ask for a market analysis' }).waitFor();
    await page.getByText('2412 NW 65th St').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Yes, send me a market analysis' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Thank you: your agent will prepare a market analysis of 2412 NW 65th St').waitFor();
    expect(await page.getByRole('button', { name: 'Yes, send me a market analysis' }).count()).toBe(0);
    await settle(server);
    const recorded = (await server.runtime.store.readStream(`sellerhome-${sent.body.leadId as string}`)).filter((e) => e.type === 'CmaRequested');
    expect(recorded).toHaveLength(1);
  });
});
