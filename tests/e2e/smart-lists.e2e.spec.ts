import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { signedInContext } from '../support/browser';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoSite, janesLead, PASSWORD, settle, signIn } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('lead list filters and smart lists in Chromium, and the dashboard on a phone', () => {
  const app = dashboardBrowserApp();
  let jane: BrowserContext;
  beforeAll(async () => {
    jane = await signedInContext(app.browser, app.server.url, 'agent@demo.test', PASSWORD);
  });

  const expectAccessible = async (page: Page, where: string) => expect(await seriousViolations(page), where).toEqual([]);
  const rows = (page: Page) => page.getByTestId('lead-row');
  const sidebarItem = (page: Page, name: string) => page.getByRole('navigation', { name: 'Smart lists' }).getByTestId('smart-list').filter({ hasText: name });

  it('filter, save as a smart list, see it in the sidebar with its count, open it; counts follow new leads', async () => {
    const { server } = app;
    const api = await signIn(server, 'agent@demo.test');
    // The read models have caught up before the counts are taken: the list and the API then agree.
    await settle(server);
    const zillow = (await api.get('/api/dashboard/leads?source=zillow')).body.total as number;
    expect(zillow).toBeGreaterThan(0);
    const page = await jane.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    await sidebarItem(page, 'New not contacted').waitFor();
    // The rows are drawn after the heading: count them once they are there.
    await rows(page).first().waitFor();
    const all = await rows(page).count();

    // Filter: the panel opens from its button; the address says what is shown.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Source').selectOption('zillow');
    await expect.poll(() => new URL(page.url()).searchParams.get('source')).toBe('zillow');
    await expect.poll(() => rows(page).count()).toBe(zillow);
    await page.getByRole('listitem').filter({ hasText: 'Source: zillow' }).waitFor();
    await expectAccessible(page, 'filters open');

    // Save it as a smart list.
    await page.getByRole('button', { name: 'Save as smart list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as smart list' });
    await dialog.getByText('Source: zillow').waitFor();
    await expectAccessible(page, 'save dialog');
    await dialog.getByLabel('Name').fill('Zillow leads');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const saved = sidebarItem(page, 'Zillow leads');
    await saved.waitFor();
    await expect.poll(() => saved.textContent()).toContain(String(zillow));
    expect(await saved.getByRole('button', { name: /^Zillow leads/ }).getAttribute('aria-current')).toBe('true');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/smart-lists.png` });

    // Away and back: opening the list applies its filters (and says which list is open).
    await sidebarItem(page, 'All leads').getByRole('button').click();
    await expect.poll(() => rows(page).count()).toBe(all);
    expect(new URL(page.url()).search).toBe('');
    await saved.getByRole('button', { name: /^Zillow leads/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('source')).toBe('zillow');
    await expect.poll(() => rows(page).count()).toBe(zillow);
    await page.getByText('Zillow leads', { exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/dashboard/leads/export.csv?source=zillow');

    // Renamed from its edit button: the same list (same filters, same place), a new name.
    await saved.getByRole('button', { name: 'Rename or update smart list Zillow leads' }).click();
    const edit = page.getByRole('dialog', { name: 'Update smart list' });
    await expect.poll(() => edit.getByLabel('Name').inputValue()).toBe('Zillow leads');
    await edit.getByLabel('Name').fill('Zillow buyers');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);
    await sidebarItem(page, 'Zillow buyers').waitFor();
    expect(await sidebarItem(page, 'Zillow leads').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('source')).toBe('zillow');

    // The address is a link: a fresh page on it shows the same list.
    const again = await jane.newPage();
    await again.setViewportSize({ width: 1440, height: 900 });
    await again.goto(page.url());
    await expect.poll(() => rows(again).count()).toBe(zillow);
    await again.close();

    // Deleted after a confirmation in a dialog: Escape keeps it, the named button deletes it; its leads stay.
    const buyers = sidebarItem(page, 'Zillow buyers');
    await buyers.getByRole('button', { name: 'Delete smart list Zillow buyers' }).click();
    const asked = page.getByRole('dialog', { name: 'Delete this smart list?' });
    await asked.waitFor();
    await page.keyboard.press('Escape');
    await asked.waitFor({ state: 'hidden' });
    expect(await buyers.count()).toBe(1);
    await buyers.getByRole('button', { name: 'Delete smart list Zillow buyers' }).click();
    await asked.getByRole('button', { name: 'Delete list' }).click();
    await expect.poll(() => buyers.count()).toBe(0);
    await expect.poll(() => rows(page).count()).toBe(all);

    // "Hot" is active in the last 7 days with a score of 20 or more: a new lead (a form, 8 points)
    // is not; once it asks for a showing it is, without a reload.
    const hot = sidebarItem(page, 'Hot');
    const hotCount = async () => Number((await hot.textContent())!.replace(/\D/g, ''));
    const before = await hotCount();
    const { leadId } = await janesLead(server, { FullName: 'Hana Hot' });
    await settle(server);
    await page.reload();
    await hot.waitFor();
    expect(await hotCount()).toBe(before);
    const data = {
      leadId,
      userId: randomUUID(),
      siteId: demoSite('demo').siteId,
      pdid: 'P1',
      preferredAt: new Date(Date.now() + 86_400_000).toISOString(),
      message: 'Saturday?',
    };
    await server.runtime.store.append(`organizer-${leadId}`, 'any', [
      { type: 'ShowingRequested', data, eventId: randomUUID(), metadata: metadataOf(systemContext(new Date(), data.siteId)) },
    ]);
    await expect.poll(hotCount, { timeout: 15_000 }).toBe(before + 1);
    await expectAccessible(page, 'smart list open');
    await page.close();
  });

  it('at 390 px: the list, then the lead full-screen with a back button; filters behind a button, smart lists a select', async () => {
    const { server } = app;
    const page = await jane.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    await page.getByLabel('Smart list').waitFor();
    expect(await page.getByLabel('Stage').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(true);
    const docWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    expect(docWidth).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'phone list');

    // The smart list select opens a list.
    await page.getByLabel('Smart list').selectOption('new-not-contacted');
    await expect.poll(() => new URL(page.url()).searchParams.get('contacted')).toBe('no');
    await page.getByLabel('Smart list').selectOption({ index: 0 });

    const first = rows(page).first();
    const name = (await first.getByRole('checkbox').getAttribute('aria-label'))!.replace(/^Select /, '');
    await first.getByRole('button').click();
    const heading = page.getByRole('heading', { name, level: 2 });
    await heading.waitFor();
    // Full-screen at the top, not thousands of pixels below the list: in the upper half of the
    // phone's 844 px, under the dashboard's header (its nav has a line of its own on a phone).
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeLessThan(844 / 2);
    expect(await page.getByRole('heading', { name: /^Leads/ }).isVisible()).toBe(false);
    const back = page.getByRole('button', { name: 'Back to leads' });
    expect(await back.isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-phone-lead.png` });
    await expectAccessible(page, 'phone lead');

    await back.click();
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    await expect.poll(() => heading.isVisible()).toBe(false);
    expect(new URL(page.url()).searchParams.get('lead')).toBeNull();
    // The phone's own Back works the same way.
    await first.getByRole('button').click();
    await heading.waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    expect(await heading.isVisible()).toBe(false);
    await page.close();
  });
});
