import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { localDate, zonedTimeToInstant } from '../../src/contract/tasks';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { newLead, settle, signIn } from '../support/dashboard-fixture';
import { home } from '../support/reso-home';
import { signedAgreement } from '../support/buyer-agreement';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;
const ZONE = 'America/Los_Angeles';
const DAY = 24 * 3600_000;

describe('calls and showings in Chromium: a call logged from the lead page, a requested showing confirmed and seen in the calendar', () => {
  const app = dashboardBrowserApp((server) =>
    importListings(server.runtime.store, [{ record: 1, line: null, parse: () => home('P1') }] satisfies ImportItem[], { mls: 'T', ctx: systemContext() }).then(
      () => undefined,
    ),
  );

  it('works with the keyboard, on a desktop and at 390 px, axe-clean', async () => {
    const { server, browser } = app;
    const { client, leadId } = await newLead(server, 'jane.localhost', { FullName: 'Pia Phone', Phone: '2065550123' });
    // The lead asks for a showing in three days at 2 pm, Seattle time.
    const day = localDate(new Date(Date.now() + 3 * DAY), ZONE);
    const start = zonedTimeToInstant(`${day}T14:00`, ZONE)!;
    expect((await client.post('/api/organizer/schedule', { pdid: 'T-P1', preferredAt: start.toISOString() })).status).toBe(204);
    await settle(server);
    const jane = await signIn(server, 'agent@demo.test', 'jane.localhost');
    // Touring a listing needs a buyer agreement in force (contract section 13).
    await signedAgreement(jane, leadId);
    await expect.poll(async () => (await jane.get(`/api/dashboard/showings?leadId=${leadId}`)).body.showings?.length, { timeout: 15_000 }).toBe(1);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard?lead=${leadId}`);
    await page.getByRole('heading', { name: 'Pia Phone' }).waitFor();

    // Click-to-call on a desktop copies the number and says so; the Log call form opens on the outcome.
    const calls = page.getByRole('region', { name: 'Calls' });
    await calls.getByRole('button', { name: 'Call 206-555-0123' }).click();
    await calls.getByText('Number copied: 206-555-0123. Dial it on your phone, then log the call.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe('206-555-0123');
    await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("value")')).toBe('connected');
    await page.keyboard.press('ArrowRight'); // to "Left voicemail"
    expect(await calls.getByRole('radio', { name: 'Left voicemail' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('0:42');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Left a message about Saturday');
    await calls.getByRole('button', { name: 'Save call' }).click();
    await calls.getByText('Call logged: left voicemail.').waitFor();
    await page.getByText('Call logged: left voicemail (0:42) — Left a message about Saturday').waitFor({ timeout: 15_000 });
    expect((await server.runtime.store.readStream(`calls-${leadId}`)).map((e) => e.data)).toMatchObject([
      { outcome: 'left-voicemail', durationSeconds: 42, notes: 'Left a message about Saturday' },
    ]);

    // The lead's request is on the page: confirm it.
    const showings = page.getByRole('region', { name: 'Showings' });
    await showings.getByText('Requested').waitFor();
    await showings.getByText('200 Pine St, Seattle, WA 98101').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await showings.getByRole('button', { name: 'Confirm' }).click();
    await showings.getByText('Confirmed: the lead is sent the invitation.').waitFor();
    await showings.getByText('Confirmed', { exact: true }).waitFor();

    // The calendar, on the day of the showing: the week holding it, then moved with the keyboard.
    await page.goto(`${server.url}/dashboard?view=calendar&date=${day}`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const entry = page.getByRole('listitem').filter({ hasText: '200 Pine St, Seattle, WA 98101' });
    await entry.getByText('Showing · Confirmed').waitFor();
    await entry.getByText('2:00 PM – 2:30 PM').waitFor();
    await entry.getByRole('button', { name: 'Pia Phone' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-week.png`, fullPage: true });
    const span = page.locator('[aria-live="polite"] strong');
    const thisWeek = await span.textContent();
    await page.getByRole('button', { name: /Next week/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => span.textContent()).not.toBe(thisWeek);
    await page.getByText('Nothing scheduled this week.', { exact: false }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await entry.waitFor();

    // A phone: the day view of that day, as a list, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('radio', { name: 'Day' }).check();
    await page.goto(`${server.url}/dashboard?view=calendar&mode=day&date=${day}`);
    await entry.getByText('Showing · Confirmed').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-day-phone.png`, fullPage: true });
    await context.close();
  });
});
