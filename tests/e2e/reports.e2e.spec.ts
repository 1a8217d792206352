import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { PASSWORD } from '../support/dashboard-fixture';

describe('the reports page in Chromium (issue 15 §8)', () => {
  const app = dashboardBrowserApp();

  it('a broker sees charts with tables beside them, a line per agent, CSV downloads, and no serious accessibility problem', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    expect(
      await page.evaluate(
        async (p) =>
          (
            await fetch('/api/account/login', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ Email: 'broker@demo.test', password: p }),
            })
          ).ok,
        PASSWORD,
      ),
    ).toBe(true);
    await page.goto(`${app.server.url}/dashboard?view=reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const byWeek = page.getByRole('table', { name: 'New leads by week' });
    await byWeek.waitFor();
    // 12 weeks (or 13 when the period starts mid-week) and the demo's leads counted in them.
    expect(await byWeek.locator('tbody tr').count()).toBeGreaterThanOrEqual(12);
    await page.getByRole('table', { name: 'Speed to lead by agent' }).waitFor();
    // Nothing came back undelivered in the demo: the card says so, and the tiles count zero.
    await page.getByRole('heading', { name: 'Messages not delivered' }).waitFor();
    await page.getByText(/^Every text and e-mail of the period was delivered/).waitFor();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    const stages = page.getByRole('table', { name: 'Leads that reached each stage' });
    expect(await stages.locator('tbody tr th, tbody tr td:first-child').allTextContents()).toEqual(
      expect.arrayContaining(['New', 'Attempted contact', 'Closed', 'Lost']),
    );

    // The file the button saves, as the page hands it to the app.browser.
    await page.evaluate(() => {
      const real = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob) => {
        // ignoreBOM keeps the byte order mark in the text, so the test sees it.
        (globalThis as unknown as { saved: Promise<string> }).saved = blob.arrayBuffer().then((b) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b));
        return real(blob);
      };
    });
    await page.getByRole('button', { name: 'Download CSV: New leads by source' }).click();
    const csv = await page.evaluate(() => (globalThis as unknown as { saved: Promise<string> }).saved);
    expect(csv.startsWith('\uFEFFSource,New leads\r\n')).toBe(true);
    expect(csv.split('\r\n').length).toBeGreaterThan(2);

    await page.getByLabel('Period').selectOption('4w');
    // Four weeks: at most five week rows (a period that starts mid-week spans five).
    await byWeek.locator('tbody tr').nth(5).waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone the page is one column and nothing spills sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    // Once the nav has measured itself again for the new width (a resize observer's next frame).
    await expect.poll(() => page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await context.close();
  });

  it("at 1366 and 390 px: the CSV buttons look like buttons, and the weekly chart starts on the period's first day", async () => {
    const context = await app.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    // A Wednesday: the 12 weeks up to it start on a Thursday, mid-week.
    await page.clock.install({ time: new Date('2026-11-25T12:00:00Z') });
    await page.goto(`${app.server.url}/search`);
    expect(
      await page.evaluate(
        async (p) =>
          (
            await fetch('/api/account/login', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ Email: 'broker@demo.test', password: p }),
            })
          ).ok,
        PASSWORD,
      ),
    ).toBe(true);
    await page.goto(`${app.server.url}/dashboard?view=reports`);
    const byWeek = page.getByRole('table', { name: 'New leads by week' });
    await byWeek.waitFor();
    const from = /^(\d{4}-\d{2}-\d{2}) to /.exec((await page.getByText(/ to .*\(UTC days\)/).textContent())!)![1]!;
    const firstTick = await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'New leads by week' }) })
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .first()
      .textContent();
    expect(from).toBe('2026-09-03');
    expect(firstTick).toBe(from.slice(5));
    expect(await byWeek.locator('tbody tr td').first().textContent()).toBe(from);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const style = await page.evaluate(
        `(() => { const b = document.querySelector('button[aria-label="Download CSV: New leads by week"]'); const s = getComputedStyle(b); return [s.borderRadius, s.borderStyle]; })()`,
      );
      expect(style).toEqual(['8px', 'solid']);
      await page.getByRole('button', { name: 'Download CSV: New leads by week' }).scrollIntoViewIfNeeded();
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/reports-csv-${width}.png` });
    }
    await context.close();
  });
});
