import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { leadIdFor } from '../../src/modules/leads';
import { organizerStream } from '../../src/modules/organizer';
import { VERIFY_TO_SHARE } from '../../src/modules/organizer/notebook/notebook.http';
import { seriousViolations } from '../support/axe';
import { castOf, PASSWORD } from '../support/backoffice-people';
import { waitForMails } from '../support/mail-outbox';
import { home, importHomes } from '../organizer/organizer-fixture';
import { browserApp } from '../support/browser-app';

const LOAD_MS = 90_000;
const N1_ADDRESS = '1 First Ave, Kent, WA 98032';
const N2_ADDRESS = '2 Second Ave, Kent, WA 98032';
const WAIT = { timeout: 15_000 };

/**
 * Issue 8's notebook in Chromium: hearts, note and opinion markers on result cards (one headers
 * request per results page), notebooks on the listing and organizer pages, sharing and showing
 * requests, and the alert frequency chosen in the save modal.
 */
describe('the notebook in the web app', () => {
  let cast: Awaited<ReturnType<typeof castOf>>;
  const app = browserApp({
    prepare: async (server) => {
      cast = await castOf(server, { leadVia: 'inquiry' }); // sharing asks this lead to confirm the address first
      await importHomes(server, [
        home('N1', { City: 'Kent', PostalCode: '98032', Latitude: 47.38, Longitude: -122.23, UnparsedAddress: '1 First Ave', ListPrice: 500_000 }),
        home('N2', { City: 'Kent', PostalCode: '98032', Latitude: 47.39, Longitude: -122.22, UnparsedAddress: '2 Second Ave', ListPrice: 600_000 }),
      ]);
    },
  });

  /** A page of its own browser context, signed in as the demo lead (or signed out). */
  const openPage = async (path: string, signedIn = true): Promise<Page> => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(LOAD_MS);
    if (signedIn) {
      const res = await page
        .context()
        .request.post(`${app.server.url}/api/account/login`, { data: { Email: cast.lead.email, password: PASSWORD }, headers: { origin: app.server.url } });
      expect(((await res.json()) as { isSuccess: boolean }).isSuccess).toBe(true);
    }
    await page.goto(`${app.server.url}${path}`);
    return page;
  };
  const card = (page: Page, pdid: string) => page.locator(`article[data-pdid="${pdid}"]`);
  const heart = (page: Page, pdid: string) => card(page, pdid).getByRole('button', { name: /^Favourite / });
  const pressed = (page: Page, pdid: string) => heart(page, pdid).getAttribute('aria-pressed');
  const resultsShown = (page: Page) => expect.poll(() => page.locator('ol[aria-label="Search results"] > li').count(), { timeout: LOAD_MS }).toBe(2);
  /** Reloads until the projection has caught up with what the page just changed. */
  const reloadUntil = async (page: Page, count: () => Promise<number>, want = 1) => {
    await app.server.runtime.runner.waitForCatchUp();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForLoadState('networkidle');
          return count();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(want);
  };

  it('a signed-out visitor sees hearts without state or markers; the heart opens the sign-in prompt', async () => {
    const page = await openPage('/search?acl_city=Kent', false);
    await resultsShown(page);
    expect(await pressed(page, 'T-N1')).toBeNull();
    expect(
      await card(page, 'T-N1')
        .getByRole('img', { name: /^Your note|^You (dis)?like/ })
        .count(),
    ).toBe(0);
    await heart(page, 'T-N1').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('showSignIn'), WAIT).toBe('1');
    expect(new URL(page.url()).pathname).toBe('/search');
    await page.close();
  });

  it('favourites from a result card (one headers request per page), rolls back a failed one, and shows the note and like written on the listing page', async () => {
    const page = await openPage('/search?acl_city=Kent');
    const headerRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/organizer/headers') && headerRequests.push(r.url()));
    const answered = page.waitForResponse((r) => r.url().includes('/api/organizer/headers'));
    await page.reload();
    await answered;
    await resultsShown(page);
    expect(await pressed(page, 'T-N1')).toBe('false');
    expect(headerRequests).toHaveLength(1);
    expect(new URL(headerRequests[0]!).searchParams.get('pdids')!.split(',').sort()).toEqual(['T-N1', 'T-N2']);

    await heart(page, 'T-N1').click();
    expect(await pressed(page, 'T-N1')).toBe('true');
    await reloadUntil(page, async () => ((await pressed(page, 'T-N1')) === 'true' ? 1 : 0));

    // The server refuses: the heart goes back and a toast says so.
    await page.route('**/api/organizer/favorite', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
    await heart(page, 'T-N2').click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'This home was not saved to your favourites; please try again.' }).count(), WAIT).toBe(1);
    expect(await pressed(page, 'T-N2')).toBe('false');
    await page.unroute('**/api/organizer/favorite');

    await card(page, 'T-N2')
      .getByRole('link', { name: /2 Second Ave/ })
      .click();
    await page.getByLabel('Your note on this home').fill('Close to the park and the school bus stops right outside every morning');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => page.getByText('Note saved.').count(), WAIT).toBe(1);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Like', exact: true, pressed: true }).count(), WAIT).toBe(1);

    // Back on the results, at once (the page's own store), then from the server after a reload.
    await page.goBack();
    await resultsShown(page);
    const noteMark = () => card(page, 'T-N2').getByRole('img', { name: 'Your note: Close to the park and the school bus…' }).count();
    const likeMark = () => card(page, 'T-N2').getByRole('img', { name: 'You like this home' }).count();
    await expect.poll(noteMark, WAIT).toBe(1);
    expect(await likeMark()).toBe(1);
    expect(
      await card(page, 'T-N1')
        .getByRole('img', { name: /^Your note|^You (dis)?like/ })
        .count(),
    ).toBe(0);
    await reloadUntil(page, async () => (await noteMark()) * (await likeMark()));
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 300_000);

  // Runs after the test above, whose note on T-N2 it finds on the organizer page.
  it('files a listing in a new notebook on the listing page, creates and focuses another on the organizer page, and lists what each holds', async () => {
    const page = await openPage('/listing/T-N2');
    const form = page.getByRole('group', { name: 'Add to notebook' });
    await expect.poll(() => form.getByText('No notebooks yet —').count(), WAIT).toBe(1);
    await form.getByRole('button', { name: 'Add to notebook' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('Please name the new notebook');
    await form.getByLabel('New notebook name').fill('Weekend viewings');
    await form.getByRole('button', { name: 'Add to notebook' }).click();
    await expect.poll(() => page.getByText('Added to Weekend viewings.').count(), WAIT).toBe(1);
    expect(await form.getByText('In your notebooks: Weekend viewings').count()).toBe(1);

    await page.goto(`${app.server.url}/organizer`);
    const weekend = page.getByRole('listitem', { name: 'Notebook Weekend viewings' });
    await reloadUntil(page, () => weekend.getByRole('link', { name: N2_ADDRESS }).count());
    expect(await weekend.getByText('Close to the park').count()).toBe(1);

    await page.getByLabel('New notebook', { exact: true }).fill('Schools');
    await page.getByRole('button', { name: 'Create notebook' }).click();
    const schools = page.getByRole('listitem', { name: 'Notebook Schools' });
    await expect.poll(() => schools.getByText('Nothing filed here yet.').count(), WAIT).toBe(1);
    // A new notebook is the focused one; the listing page offers it first.
    expect(await schools.getByRole('button', { name: 'Focus' }).getAttribute('aria-pressed')).toBe('true');
    expect(await weekend.getByRole('button', { name: 'Focus' }).getAttribute('aria-pressed')).toBe('false');
    expect(await seriousViolations(page)).toEqual([]);

    await app.server.runtime.runner.waitForCatchUp();
    await page.goto(`${app.server.url}/listing/T-N1`);
    await expect.poll(() => form.getByLabel('Notebook', { exact: true }).inputValue(), WAIT).not.toBe('new');
    expect(await form.getByLabel('Notebook', { exact: true }).locator('option:checked').textContent()).toBe('Schools');
    await form.getByRole('button', { name: 'Add to notebook' }).click();
    await expect.poll(() => page.getByText('Added to Schools.').count(), WAIT).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${app.server.url}/organizer`);
    await reloadUntil(page, () => schools.getByRole('link', { name: N1_ADDRESS }).count());
    expect(await weekend.getByRole('link').count()).toBe(1);
    await weekend.getByRole('button', { name: 'Focus' }).click();
    await reloadUntil(page, async () => ((await weekend.getByRole('button', { name: 'Focus' }).getAttribute('aria-pressed')) === 'true' ? 1 : 0));
    await page.close();
  }, 300_000);

  // Runs after the test above: T-N2 is in Weekend viewings, T-N1 in Schools.
  it('shows filed homes as cards with their address, price and facts; Remove takes one out (by keyboard, for good), a refused one comes back with a toast; the listing page removes too', async () => {
    const page = await openPage('/organizer');
    const weekend = page.getByRole('listitem', { name: 'Notebook Weekend viewings' });
    const schools = page.getByRole('listitem', { name: 'Notebook Schools' });
    await expect.poll(() => weekend.getByRole('link', { name: N2_ADDRESS }).count(), WAIT).toBe(1);
    expect(await weekend.getByRole('link', { name: N2_ADDRESS }).getAttribute('href')).toBe('/listing/T-N2');
    expect(await weekend.getByText('$600,000 · 3 bd · 2 ba').count()).toBe(1);
    expect(await weekend.locator('img').getAttribute('src')).toBe('/demo-photos/1.svg');
    expect(await schools.getByRole('link', { name: N1_ADDRESS }).count()).toBe(1);

    // The server refuses: the home comes back and a toast says so.
    await page.route('**/api/organizer/notebook/remove', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
    await schools.getByRole('button', { name: `Remove ${N1_ADDRESS} from Schools` }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Something went wrong; please try again.' }).count(), WAIT).toBe(1);
    expect(await schools.getByRole('link', { name: N1_ADDRESS }).count()).toBe(1);
    await page.unroute('**/api/organizer/notebook/remove');

    // By keyboard: the home goes at once and the focus stays in its notebook.
    await weekend.getByRole('button', { name: `Remove ${N2_ADDRESS} from Weekend viewings` }).press('Enter');
    await expect.poll(() => weekend.getByText('Nothing filed here yet.').count(), WAIT).toBe(1);
    // The home goes at once; the toast says so once the server agreed.
    await expect.poll(() => page.getByText(`Removed ${N2_ADDRESS} from Weekend viewings.`).count(), WAIT).toBe(1);
    expect(await weekend.getByRole('heading', { level: 3 }).evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await reloadUntil(page, () => weekend.getByText('Nothing filed here yet.').count());
    expect(await weekend.getByRole('link').count()).toBe(0);
    expect(await schools.getByRole('link', { name: N1_ADDRESS }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // The listing page names the notebooks the home is in, each with its Remove.
    await page.goto(`${app.server.url}/listing/T-N1`);
    const form = page.getByRole('group', { name: 'Add to notebook' });
    await form.getByRole('button', { name: 'Remove from Schools' }).click();
    await expect.poll(() => page.getByText('Removed from Schools.').count(), WAIT).toBe(1);
    expect(await form.getByText('In your notebooks:').count()).toBe(0);
    await page.goto(`${app.server.url}/organizer`);
    await reloadUntil(page, () => schools.getByText('Nothing filed here yet.').count());

    const events = await app.server.runtime.store.readStream(organizerStream(leadIdFor(cast.lead.userId, cast.siteId)));
    expect(events.filter((e) => e.type === 'ListingRemovedFromNotebook').map((e) => (e.data as { pdid: string }).pdid)).toEqual(['T-N2', 'T-N1']);
    await page.close();
  }, 300_000);

  it("shares a listing once the lead confirmed their address by the mailed link (the server's message for a bad address) and asks for a showing; both are on the lead's organizer stream", async () => {
    const page = await openPage('/listing/T-N1');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    let share = page.getByRole('dialog', { name: 'Share this home' });
    await share.getByLabel('Friend’s e-mail').fill('friend@example.com');
    await share.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => share.getByRole('alert').textContent(), WAIT).toBe(VERIFY_TO_SHARE);
    await share.getByRole('button', { name: 'Send me the link' }).click();
    await expect.poll(() => share.getByRole('status').textContent(), WAIT).toBe(`We sent a link to ${cast.lead.email}. Open it to confirm your address.`);
    const [mail] = await waitForMails(app.db.pool, cast.lead.email, 1);
    const link = new URL(/http:\/\/\S+\/account\/verifyemail\?token=\S+/.exec(mail!.text)![0]);
    await page.goto(`${app.server.url}${link.pathname}${link.search}`);
    await expect
      .poll(() => page.getByRole('main').getByRole('status').textContent(), WAIT)
      .toBe('Your e-mail address is confirmed. You can now share homes with friends.');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${app.server.url}/listing/T-N1`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    share = page.getByRole('dialog', { name: 'Share this home' });
    await share.getByLabel('Friend’s e-mail').fill('not-an-address');
    await share.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => share.getByRole('alert').textContent(), WAIT).toBe('Please enter a valid e-mail address');
    await share.getByLabel('Friend’s e-mail').fill('friend@example.com');
    await share.getByLabel('Message (optional)').fill('<b>Look</b> at this one');
    await share.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => share.count(), WAIT).toBe(0);
    expect(await page.getByText('Shared with friend@example.com.').count()).toBe(1);

    await page.getByRole('button', { name: 'Request a showing' }).click();
    const showing = page.getByRole('dialog', { name: 'Request a showing' });
    await showing.getByRole('button', { name: 'Request showing' }).click();
    expect(await showing.getByRole('alert').textContent()).toBe('Please choose a date and time');
    await showing.getByLabel('Preferred date and time').fill('2035-06-01T10:30');
    await showing.getByLabel('Message (optional)').fill('Saturday morning if possible');
    await showing.getByRole('button', { name: 'Request showing' }).click();
    await expect.poll(() => showing.count(), WAIT).toBe(0);
    expect(await page.getByText('Showing requested. An agent will confirm the time with you.').count()).toBe(1);

    const events = await app.server.runtime.store.readStream(organizerStream(leadIdFor(cast.lead.userId, cast.siteId)));
    const shared = events.filter((e) => e.type === 'ListingShared').map((e) => e.data);
    expect(shared).toEqual([expect.objectContaining({ pdid: 'T-N1', toEmail: 'friend@example.com', message: '<b>Look</b> at this one' })]);
    const asked = events.filter((e) => e.type === 'ShowingRequested').map((e) => e.data as { preferredAt: string; message: string });
    expect(asked).toHaveLength(1);
    const at = await page.evaluate(() => new Date('2035-06-01T10:30').toISOString());
    expect(asked[0]).toMatchObject({ preferredAt: at, message: 'Saturday morning if possible' });
    await page.close();
  }, 300_000);

  it('saves a search with the alert frequency chosen in the modal; the organizer shows it', async () => {
    const page = await openPage('/search?acl_city=Kent&minprice=550000');
    await expect.poll(() => page.locator('ol[aria-label="Search results"] > li').count(), { timeout: LOAD_MS }).toBe(1);
    await page.getByRole('button', { name: 'Save search' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    expect(await dialog.getByLabel('E-mail alerts').inputValue()).toBe('instant');
    await dialog.getByLabel('Search name').fill('Bigger Kent homes');
    await dialog.getByLabel('E-mail alerts').selectOption('weekly');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);

    await page.goto(`${app.server.url}/organizer`);
    const alerts = page.getByRole('combobox', { name: 'E-mail alerts for Bigger Kent homes' });
    await reloadUntil(page, () => alerts.count());
    expect(await alerts.inputValue()).toBe('weekly');
    await page.close();
  }, 300_000);
});
