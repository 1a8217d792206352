import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoUser, settle, signIn } from '../support/dashboard-fixture';
import { home } from '../support/reso-home';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('the dashboard nav in five groups, My settings (reply notices), the office staff work on, a listing on a lead added by hand, in Chromium', () => {
  const app = dashboardBrowserApp((server) =>
    importListings(server.runtime.store, [{ record: 1, line: null, parse: () => home('P1') }] satisfies ImportItem[], { mls: 'T', ctx: systemContext() }).then(
      () => undefined,
    ),
  );
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  /** A new browser context signed in as `email`, on `path`. */
  const signedIn = async (email: string, path: string, options: Parameters<typeof app.browser.newContext>[0] = { viewport: { width: 1440, height: 900 } }) => {
    const context = await app.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, email);
    await page.goto(`${app.server.url}${path}`);
    return { context, page };
  };

  it('at 1440 px every group is on the bar; by keyboard, Settings → My settings, the reply notices chosen and saved; Work → Tasks; axe-clean', async () => {
    const { server } = app;
    const { context, page } = await signedIn('agent@demo.test', '/dashboard');
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of [/^Leads/, /^Work/, /^Listings/, /^Reports/, /^Settings/]) await nav.getByRole('button', { name }).waitFor();
    expect(await nav.getByRole('button', { name: /more/ }).count()).toBe(0);

    // Two steps: the group's button (Enter opens it and goes to its first entry), then the entry.
    await nav.getByRole('button', { name: 'Settings', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('My settings');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'My settings', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?view=settings');

    const replies = page.getByRole('region', { name: 'Lead replies' });
    const email = replies.getByRole('radio', { name: 'By e-mail', exact: true });
    await email.waitFor();
    expect(await email.isChecked()).toBe(true);
    await email.focus();
    await page.keyboard.press('ArrowDown'); // by text
    await page.keyboard.press('ArrowDown'); // by e-mail and text
    expect(await replies.getByRole('radio', { name: 'By e-mail and text' }).isChecked()).toBe(true);
    // Jane has no cell phone for texts yet: the setting says why, and where to add one.
    await replies.getByText('Texts need a cell phone number and texts allowed in My account').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await replies.getByRole('button', { name: 'Save' }).click();
    await replies.getByText('Saved: by e-mail and text.').waitFor();
    const jane = await signIn(server, 'agent@demo.test');
    expect((await jane.get('/api/dashboard/me/reply-notices')).body).toMatchObject({ notifyBy: 'both', chosen: true });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-settings.png` });

    // Work → Tasks with the arrow keys; Escape closes a group back to its button.
    await nav.getByRole('button', { name: 'Work', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-expanded")')).toBe('false');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Tasks');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    await context.close();
  });

  it('at 390 px the groups fit (or go to "more" listed by name): the calendar and My settings two taps away; the settings fit; axe-clean', async () => {
    const { context, page } = await signedIn('agent@demo.test', '/dashboard', PHONE);
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    /** The group's entry in at most two taps: the group's button if on the bar, else "more". */
    const open = async (group: string, entry: string) => {
      const button = nav.getByRole('button', { name: group, exact: true });
      if (await button.count()) await button.click();
      else await nav.getByRole('button', { name: /more/ }).click();
      await nav.getByRole('button', { name: entry, exact: true }).click();
    };
    await open('Work', 'Calendar');
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await open('Settings', 'My settings');
    await page.getByRole('heading', { name: 'My settings', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Lead replies' }).getByRole('radio', { name: 'By e-mail and text' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-settings-phone.png`, fullPage: true });
    await context.close();
  });

  it("staff choose the office for the board, the pipeline and the office's templates (kept in the address); axe-clean", async () => {
    const { server } = app;
    const broker = demoUser('broker');
    const { context, page } = await signedIn('staff@porchlight.test', '/dashboard?view=pipeline');
    await page.getByText('Choose the office whose pipeline to edit.').waitFor();
    const office = page.getByRole('combobox', { name: 'Office' });
    await expect.poll(() => office.isEnabled()).toBe(true);
    await office.selectOption({ label: 'Blair Broker’s office' });
    await page.getByRole('textbox', { name: 'Stage 1 name' }).waitFor();
    expect(new URL(page.url()).searchParams.get('office')).toBe(broker.userId);
    expect(await seriousViolations(page)).toEqual([]);

    // The same office on the board (through the nav) and in the templates.
    await page.getByRole('button', { name: 'Work', exact: true }).click();
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    await page.getByRole('heading', { name: 'Board', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Office' }).inputValue()).toBe(broker.userId);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${server.url}/dashboard?view=templates&office=${broker.userId}`);
    await page.getByRole('heading', { name: 'E-mail templates', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Office' }).inputValue()).toBe(broker.userId);
    await page
      .getByRole('radio', { name: /office/i })
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('an agent adds a lead about one of the listings: the Listing field, a wrong id said beside it', async () => {
    const { server } = app;
    const { context, page } = await signedIn('agent@demo.test', '/dashboard', PHONE);
    await page.getByRole('heading', { name: /^Leads/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('button', { name: /^Leads/ }).click();
    await nav.getByRole('button', { name: 'Add lead', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add lead' });
    await dialog.getByLabel('Full name').fill('Lena Listing');
    await dialog.getByLabel('Email').fill('lena.listing@example.com');
    await dialog.getByLabel('Phone').fill('206-555-0190');
    await dialog.getByLabel('Listing (optional)').fill('T-NOPE');
    await dialog.getByRole('button', { name: 'Add lead' }).click();
    await dialog.getByText('Listing not found: check the listing id').waitFor();
    expect(await dialog.getByLabel('Listing (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Listing (optional)').fill('T-P1');
    await dialog.getByRole('button', { name: 'Add lead' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await settle(server);
    const jane = await signIn(server, 'agent@demo.test');
    const leads = (await jane.get('/api/dashboard/feed?q=Lena')).body.leads as { fullName: string; listingPdid: string | null }[];
    expect(leads.find((l) => l.fullName === 'Lena Listing')?.listingPdid).toBe('T-P1');
    await context.close();
  });
});
