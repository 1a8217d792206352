import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedView } from '../../src/contract/feeds';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { signIn } from '../support/dashboard-fixture';
import { properties } from '../support/feed-fixture';
import { ResoServer } from '../support/reso-server';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/feed-setup-${name}.png`, fullPage: true });
};

describe('the MLS feed setup screen in Chromium', () => {
  const app = dashboardBrowserApp();
  let reso: ResoServer;

  beforeAll(async () => {
    reso = await new ResoServer({ clients: [{ id: 'porchlight', secret: 's3cret' }] }).start();
    reso.put('Property', ...properties(5));
  });
  afterAll(async () => reso?.stop());

  for (const width of [390, 1366]) {
    it(`at ${width} px: staff pick a preset, a wrong secret is named as the token step, the right one passes, and the feed is saved`, async () => {
      const { server, browser } = app;
      const name = `setup${width}`;
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/search`);
      await signInPage(page, 'staff@porchlight.test');
      await page.goto(`${server.url}/dashboard?view=feeds`);
      await page.getByRole('heading', { name: 'MLS feed setup', level: 1 }).waitFor();

      // A preset fills what the vendor documents; its placeholders must be replaced before a request.
      const vendor = page.getByRole('combobox', { name: /^Vendor/ });
      await vendor.selectOption({ label: 'MLS Grid' });
      expect(await page.getByRole('textbox', { name: 'Service root URL' }).inputValue()).toBe('https://api.mlsgrid.com/v2');
      await page.getByLabel('Rate limits').getByText('2/second, 7,200/hour, 40,000/day').waitFor();
      await vendor.selectOption({ label: 'Trestle (CoreLogic / Cotality)' });
      expect(await page.getByRole('textbox', { name: 'Token URL' }).inputValue()).toBe('https://api-trestle.corelogic.com/trestle/oidc/connect/token');
      await vendor.selectOption({ label: 'Bridge Interactive' });
      await page.getByLabel('Access token').fill('some-token');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText('Replace {dataset} in the service root URL with the value your MLS gave you').waitFor();

      // "Other RESO server", here the RESO stand-in, by keyboard.
      await vendor.focus();
      await vendor.selectOption({ label: 'Other RESO server' });
      await page.getByLabel('Feed name').fill(name);
      await page.getByRole('textbox', { name: 'Service root URL' }).fill(reso.url);
      await page.getByRole('textbox', { name: 'Token URL' }).fill(reso.tokenUrl);
      await page.getByLabel('Client ID').fill('porchlight');
      await page.getByLabel('Client secret').fill('wrong');
      await page.getByRole('button', { name: 'Save feed' }).click();
      await page.getByText(/^Connection failed: The token endpoint .* refused the client credentials/).waitFor();
      const steps = page.getByRole('list', { name: 'Connection test' });
      expect(await steps.getByRole('listitem').count()).toBe(1);
      await steps.getByText('failed').waitFor();
      expect(await page.getByText('wrong', { exact: true }).count()).toBe(0);
      await shot(page, `failed-${width}`);

      await page.getByLabel('Client secret').fill('s3cret');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText('Connection works: the server issued what was asked and answered a Property query.').waitFor();
      await steps.getByText('Property answered (1 record on a $top=1 page)').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await page.getByLabel('Feed name').focus();
      await page.keyboard.press('Enter');
      await page.getByText(`Feed ${name} added.`, { exact: false }).waitFor();
      await shot(page, `saved-${width}`);

      const staff = await signIn(server, 'staff@porchlight.test');
      const feeds = (await staff.get('/api/backoffice/feeds')).body.feeds as FeedView[];
      expect(feeds.find((f) => f.name === name)).toMatchObject({
        url: reso.url,
        settings: { auth: { kind: 'oauth2', clientId: 'porchlight', hasSecret: true }, pageSize: 200 },
      });
      await context.close();
    });
  }

  it('is not offered to brokers', async () => {
    const { server, browser } = app;
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    await page.goto(`${server.url}/dashboard?view=feeds`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'MLS feed setup' }).count()).toBe(0);
    await page.close();
  });
});
