import { describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { localDate, zonedTimeToInstant } from '../../src/contract/tasks';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { ShowingNoticesReactor, ShowingRequests } from '../../src/modules/showings';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { settle, signIn } from '../support/dashboard-fixture';
import { mailsTo } from '../support/mail-outbox';
import { home } from '../support/reso-home';
import { signedAgreement } from '../support/buyer-agreement';
import { signInPage } from '../support/sign-in-page';

const ZONE = 'America/Los_Angeles';
const DAY = 24 * 3600_000;
const SHOTS = process.env.SCREENSHOT_DIR;

describe("showings in Chromium: the lead accepts the agent's time in the organizer and by the e-mail's link, cancels; the agent's calendar follows live", () => {
  const app = dashboardBrowserApp((server) =>
    importListings(server.runtime.store, [{ record: 1, line: null, parse: () => home('P1') }] satisfies ImportItem[], { mls: 'T', ctx: systemContext() }).then(
      () => undefined,
    ),
  );

  it('works by keyboard and pointer, axe-clean, the link page at 390 px', async () => {
    const { server, browser } = app;
    const port = new URL(server.url).port;
    const day = localDate(new Date(Date.now() + 3 * DAY), ZONE);
    const at = (hhmm: string) => zonedTimeToInstant(`${day}T${hhmm}`, ZONE)!.toISOString();

    // The lead: an inquiry on Jane's site, then two showing requests.
    const lead = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE })).newPage();
    await lead.goto(`http://jane.localhost:${port}/search`);
    const { leadId } = await lead.evaluate(
      async (times: string[]) => {
        const post = (path: string, body: unknown) =>
          fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        const res = await post('/api/account/inquiry', {
          FullName: 'Sara Showings',
          Email: 'sara.showings@example.com',
          Phone: '2065550177',
          Message: 'Tours?',
          LeadType: 'Buyer',
        });
        for (const preferredAt of times) await post('/api/organizer/schedule', { pdid: 'T-P1', preferredAt });
        return (await res.json()) as { leadId: string };
      },
      [at('10:00'), at('12:00')],
    );
    await settle(server);
    await server.app.get(ShowingRequests).run();
    await settle(server);
    const jane = await signIn(server, 'agent@demo.test', 'jane.localhost');
    // Touring needs a buyer agreement in force (contract section 13), whoever confirms.
    await signedAgreement(jane, leadId);
    const [first, second] = (await jane.get(`/api/dashboard/showings?leadId=${leadId}`)).body.showings as { showingId: string }[];
    // Jane proposes other times for both.
    for (const [s, t] of [
      [first!, '14:00'],
      [second!, '16:00'],
    ] as const)
      expect((await jane.request('PATCH', `/api/dashboard/showings/${s.showingId}`, { json: { start: at(t) } })).status).toBe(200);
    await settle(server);

    // Jane's calendar of that day is open.
    const agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    const agent = await agentContext.newPage();
    await agent.goto(`${server.url}/search`);
    await signInPage(agent, 'agent@demo.test');
    await agent.goto(`${server.url}/dashboard?view=calendar&mode=day&date=${day}`);
    await agent.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const confirmButtons = agent.getByRole('button', { name: /^Confirm the showing of .* with Sara Showings$/ });
    await expect.poll(() => confirmButtons.count(), { timeout: 15_000 }).toBe(2);

    // In the organizer the lead accepts the 2 pm time with the keyboard.
    await lead.goto(`http://jane.localhost:${port}/organizer`);
    const showings = lead.getByRole('region', { name: 'Showings' });
    await expect.poll(() => showings.getByText('Your agent proposes this time').count(), { timeout: 15_000 }).toBe(2);
    expect(await seriousViolations(lead)).toEqual([]);
    await showings.getByRole('button', { name: 'Accept this time' }).first().focus();
    await lead.keyboard.press('Enter');
    await showings.getByText(/^Accepted: 200 Pine St/).waitFor();
    // …and Jane's calendar shows it confirmed without a reload.
    await expect.poll(() => confirmButtons.count(), { timeout: 15_000 }).toBe(1);
    await agent.getByText('Showing · Confirmed').waitFor();

    // The other proposal's e-mail: its link accepts the 4 pm time without signing in, at 390 px.
    await server.app.get(ShowingNoticesReactor).notices.send(new Date());
    const proposal = (await mailsTo(server.runtime.db.pool, 'sara.showings@example.com')).find(
      (m) => m.subject.startsWith('Proposed showing') && m.text.includes('4:00'),
    );
    const link = new URL(/Accept this time: (\S+)/.exec(proposal!.text)![1]!);
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: ZONE })).newPage();
    await phone.goto(`${server.url}${link.pathname}${link.search}`);
    await phone.getByRole('heading', { name: 'Your showing' }).waitFor();
    await phone.getByText('Your agent proposes this time.').waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await phone.getByRole('button', { name: 'Accept this time' }).click();
    await phone.getByText('Thank you: your showing is confirmed.', { exact: false }).waitFor();
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/showing-answer-phone.png` });
    await expect.poll(() => confirmButtons.count(), { timeout: 15_000 }).toBe(0);

    // Jane also has the lead's page open: its Showings panel follows the lead's answers too.
    const leadPage = await agentContext.newPage();
    await leadPage.goto(`${server.url}/dashboard?lead=${leadId}`);
    const panel = leadPage.getByRole('region', { name: 'Showings' });
    await expect.poll(() => panel.locator('[data-status="confirmed"]').count(), { timeout: 15_000 }).toBe(2);

    // The lead cancels the first after a second look; Jane's calendar and the lead's page say so live.
    await lead.reload();
    await showings.getByRole('button', { name: 'Cancel the showing of 200 Pine St, Seattle, WA 98101' }).first().click();
    await showings.getByRole('button', { name: 'Yes, cancel it' }).click();
    await showings.getByText('Cancelled: 200 Pine St, Seattle, WA 98101. Your agent is told.').waitFor();
    await agent.getByText('Showing · Cancelled').waitFor({ timeout: 15_000 });
    await expect.poll(() => panel.locator('[data-status="cancelled"]').count(), { timeout: 15_000 }).toBe(1);
    expect(await seriousViolations(agent)).toEqual([]);
  });
});
