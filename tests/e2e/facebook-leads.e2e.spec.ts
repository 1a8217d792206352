import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubSignatureOf } from '../../src/modules/facebook-leads/hub-signature';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { facebookGraphStandIn } from '../support/facebook-graph-stand-in';
import { openDashboardView } from '../support/dashboard-view-page';
import { signInPage } from '../support/sign-in-page';
import { WebClient } from '../support/web-client';

const APP_SECRET = 'meta-app-secret-for-e2e';
const PAGE = '104857600000011';
const FORM = '2001000000000011';
const TOKEN = 'EAAGm0PX4ZCpsBAPageTokenForTheBrowserTest01';

let graph: Awaited<ReturnType<typeof facebookGraphStandIn>>;
beforeAll(async () => {
  graph = await facebookGraphStandIn(APP_SECRET);
  graph.pages.set(PAGE, {
    name: 'Demo Realty on Facebook',
    token: TOKEN,
    forms: [
      { id: FORM, name: 'Free home valuation' },
      { id: '2001000000000012', name: 'Buyer guide', status: 'ARCHIVED' },
    ],
  });
});
afterAll(() => graph.close());

describe('Settings → Facebook leads in Chromium: a page connected by keyboard, its forms with editable sources, a refused token asks to reconnect; the back-office counts', () => {
  const app = dashboardBrowserApp(undefined, () => ({ FACEBOOK_APP_SECRET: APP_SECRET, FACEBOOK_VERIFY_TOKEN: 'verify-e2e', FACEBOOK_GRAPH_URL: graph.url }));

  it('the empty state, a bad token refused with Facebook’s words, the page connected and its forms listed, a source renamed; axe-clean at 390 px', async () => {
    const { context, page } = await openDashboardView(app, { email: 'broker@demo.test', view: 'facebook', heading: 'Facebook lead ads' });
    await page.getByText('No page connected yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A token Facebook does not know: its words, and nothing connected.
    await page.getByLabel('Page id').focus();
    await page.keyboard.type(PAGE);
    await page.keyboard.press('Tab');
    await page.keyboard.type('EAAGm0PX4ZCpsBANotARealTokenAtAll000');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('Facebook refused this page access token: Invalid OAuth access token').waitFor();
    await page.getByText('No page connected yet.').waitFor();

    await page.getByLabel('Page access token').fill(TOKEN);
    await page.keyboard.press('Enter');
    await page.getByText('Connected “Demo Realty on Facebook”.').waitFor();
    expect(await page.getByLabel('Page access token').inputValue()).toBe('');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Demo Realty on Facebook' }) });
    await item.getByText('Connected', { exact: true }).waitFor();
    const forms = page.getByRole('list', { name: 'Lead forms of Demo Realty on Facebook' });
    await forms.getByText('Free home valuation', { exact: true }).waitFor();
    await forms.getByText('archived').waitFor();
    const source = forms.getByRole('listitem').filter({ hasText: 'Free home valuation' }).getByLabel('Source of its leads');
    expect(await source.inputValue()).toBe('Facebook: Free home valuation');
    await source.fill('FB Sellers');
    await source.press('Enter');
    await forms.getByText('Saved: new leads of this form are filed under it.').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    // The token is never sent back to the browser.
    expect(await page.content()).not.toContain(TOKEN);

    // Facebook expires the token: opening the forms says so, and the page asks to be reconnected.
    graph.expire(TOKEN);
    await item.getByRole('button', { name: 'Hide forms of Demo Realty on Facebook' }).click();
    await item.getByRole('button', { name: 'Show forms of Demo Realty on Facebook' }).click();
    await item
      .getByRole('alert')
      .getByText(/Session has expired/)
      .waitFor();
    await item.getByText('Reconnect needed').waitFor();
    await item.getByRole('button', { name: 'Reconnect Demo Realty on Facebook' }).click();
    expect(await page.getByLabel('Page id').inputValue()).toBe(PAGE);
    expect(await page.evaluate('document.activeElement?.getAttribute("type")')).toBe('password');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('a lead ad lead delivered by Meta shows in the back-office per form and per day, axe-clean', async () => {
    const fresh = 'EAAGm0PX4ZCpsBAFreshTokenForTheBrowserTest02';
    graph.pages.get(PAGE)!.token = fresh;
    const broker = WebClient.for(app.server.url, 'demo.localhost');
    await broker.post('/api/account/login', { Email: 'broker@demo.test', password: 'porchlight-demo' });
    expect((await broker.post('/api/dashboard/facebook/pages', { pageId: PAGE, accessToken: fresh })).status).toBe(201);
    const today = new Date().toISOString();
    graph.leads.set('900000000000101', { pageId: PAGE, formId: FORM, createdTime: today, fields: { full_name: 'Bea Browser', email: 'bea.fb@example.com' } });
    const body = JSON.stringify({
      object: 'page',
      entry: [{ id: PAGE, time: 1, changes: [{ field: 'leadgen', value: { leadgen_id: '900000000000101', page_id: PAGE, form_id: FORM, created_time: 1 } }] }],
    });
    const meta = WebClient.for(app.server.url, 'localhost');
    const res = await meta.request('POST', '/api/inbound/facebook', {
      raw: { body, contentType: 'application/json' },
      origin: null,
      headers: { 'x-hub-signature-256': hubSignatureOf(APP_SECRET, body) },
    });
    expect(res.status).toBe(200);

    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'staff@porchlight.test');
    await page.goto(`${app.server.url}/dashboard/backoffice?view=ppc`);
    await page.getByRole('heading', { name: 'Facebook leads' }).waitFor();
    const row = page.getByRole('table', { name: 'Facebook leads per form' }).getByRole('row').filter({ hasText: 'Free home valuation' });
    // The lead is fetched after Meta's answer and counted once the read model has it; the panel reloads itself.
    for (let i = 0; i < 60 && !(await row.count()); i++) {
      await page.reload();
      await page.getByRole('heading', { name: 'Facebook leads' }).waitFor();
      await new Promise((r) => setTimeout(r, 500));
    }
    await row.getByText('FB Sellers').waitFor();
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('1');
    await page.getByRole('img', { name: /Leads per day over the last 30 days; the busiest day, .* had 1/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the lead-flow screen lists a new Facebook form after "Refresh forms" (by keyboard), not before; axe-clean at 390 px', async () => {
    graph.pages.get(PAGE)!.forms.push({ id: '2001000000000013', name: 'Spring open house' });
    const { context, page } = await openDashboardView(app, { email: 'broker@demo.test', view: 'lead-flow', heading: 'Lead flow' });
    const rules = page.getByRole('table');
    await rules.getByRole('rowheader', { name: 'FB Sellers' }).waitFor();
    expect(await rules.getByRole('rowheader', { name: 'Facebook: Spring open house' }).count()).toBe(0);

    const refresh = page.getByRole('button', { name: 'Refresh forms' });
    await refresh.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Facebook lead forms refreshed: 1 new source.').waitFor();
    await rules.getByRole('rowheader', { name: 'Facebook: Spring open house' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
