import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { newLead, settle } from '../support/dashboard-fixture';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * Merges that merge (issue 18) in Chromium: staff open a duplicate lead on the dashboard, follow
 * it to its account, merge it into the kept one (picked by search) with a reason, and the
 * duplicate's old address then shows one lead whose timeline and conversation hold both, the
 * duplicate's lines marked "merged from".
 */
describe('merging a duplicate lead in the browser', () => {
  const app = dashboardBrowserApp();

  it('staff merge from the lead page through the account; the dashboard shows one lead with the combined timeline', async () => {
    const kept = await newLead(app.server, 'jane.localhost', { FullName: 'Nora Kept', Message: 'Looking for a condo' });
    const dupe = await newLead(app.server, 'jane.localhost', { FullName: 'Nora Dupe', Message: 'Same person, other e-mail' });
    expect((await dupe.client.post('/api/dashboard/chat/sendmessage', { text: 'Is parking included?' })).status).toBe(200);
    await settle(app.server);

    // Jane has both leads open in her list, at 390 px wide: the duplicate leaves it live when merged.
    const janePage = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    await janePage.goto(`${app.server.url}/search`);
    await signInPage(janePage, 'agent@demo.test');
    await janePage.goto(`${app.server.url}/dashboard`);
    const janeList = janePage.getByRole('list', { name: 'Leads' });
    await janeList.getByRole('checkbox', { name: 'Select Nora Dupe' }).waitFor();

    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'staff@porchlight.test');
    await page.goto(`${app.server.url}/dashboard?lead=${dupe.leadId}`);
    await page.getByRole('heading', { name: 'Nora Dupe' }).waitFor();
    await page.getByRole('link', { name: 'Merge it from the lead’s account' }).click();

    // The account page: Merge into…, the account to keep found by name, a reason.
    await page.getByRole('button', { name: 'Merge into…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox', { name: 'Find account to keep' }).fill('Nora Kept');
    await dialog.getByRole('radio', { name: /Nora Kept/ }).check();
    await dialog.getByLabel(/Reason/).fill('Same person, two e-mail addresses');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: /^Merge into/ }).click();
    await page.getByText('Merged into').first().waitFor();
    await settle(app.server);
    await expect.poll(() => janeList.getByRole('checkbox', { name: 'Select Nora Dupe' }).count(), { timeout: 10_000 }).toBe(0);
    await janeList.getByRole('checkbox', { name: 'Select Nora Kept' }).waitFor();
    expect(await seriousViolations(janePage)).toEqual([]);
    await janePage.close();

    // The duplicate's old address shows the kept lead, with both histories in one timeline.
    await page.goto(`${app.server.url}/dashboard?lead=${dupe.leadId}`);
    await page.getByRole('heading', { name: 'Nora Kept' }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('lead')).toBe(kept.leadId);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('merged from Nora Dupe').first().waitFor();
    const lines = await timeline.getByRole('listitem').allTextContents();
    expect(lines.some((l) => l.includes('Same person, other e-mail') && l.includes('merged from Nora Dupe'))).toBe(true);
    expect(lines.some((l) => l.includes('Looking for a condo') && !l.includes('merged from'))).toBe(true);
    // One lead in the list.
    const list = page.getByRole('list', { name: 'Leads' });
    await list.getByRole('checkbox', { name: 'Select Nora Kept' }).waitFor();
    expect(await list.getByRole('checkbox', { name: 'Select Nora Dupe' }).count()).toBe(0);

    // The conversation holds the duplicate's chat, marked.
    await page.getByRole('button', { name: /^Conversation/ }).click();
    const item = page.getByTestId('thread-item').filter({ hasText: 'Is parking included?' });
    await item.getByText('merged from Nora Dupe').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/lead-merged.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);
});
