import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { loadLead } from '../../src/modules/leads';
import { type EvidenceEntry, firstBrokenLink } from '../../src/modules/compliance/lead-evidence/evidence-chain';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoSite, janesLead, settle } from '../support/dashboard-fixture';
import { signInPage } from '../support/sign-in-page';

const SITE = demoSite('demo').siteId;

describe('compliance on the lead page in Chromium: an unclear message confirmed in one click, the evidence downloaded', () => {
  const app = dashboardBrowserApp();

  it('works by keyboard and at 390 px, axe-clean; the downloaded chain verifies', async () => {
    const { server, browser } = app;
    const { leadId } = await janesLead(server, { FullName: 'Una Clear' });
    const { lead } = await loadLead(server.runtime.store, leadId);
    if (!lead.exists) throw new Error('no lead');
    // What the SMS webhook records for "stop the alerts but call me" (tests/compliance covers the webhook itself).
    await server.runtime.store.append(`compliance-${leadId}`, 'any', [
      {
        type: 'ConsentWordingUnclear',
        data: { userId: lead.userId, leadId, messageId: randomUUID(), channel: 'text', rulesVersion: 'test' },
        eventId: randomUUID(),
        metadata: metadataOf(systemContext(new Date(), SITE)),
      },
    ]);
    await settle(server);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${server.url}/dashboard?lead=${leadId}`);
    const question = page.getByTestId('consent-question');
    await question.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await question.getByRole('button', { name: 'Confirm: stop contacting on this channel' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Text messages to this lead are off.').waitFor();

    const evidence = page.getByRole('region', { name: 'Compliance evidence' });
    const [download] = await Promise.all([page.waitForEvent('download'), evidence.getByRole('button', { name: 'Download evidence' }).click()]);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { leadId: string; consent: { text: boolean }; entries: EvidenceEntry[] };
    expect(file.leadId).toBe(leadId);
    expect(file.consent.text).toBe(false);
    expect(file.entries.map((e) => e.type)).toEqual(expect.arrayContaining(['ConsentWordingUnclear', 'ConsentRevocationConfirmed', 'ConsentChanged']));
    expect(firstBrokenLink(file.entries)).toBeNull();
    await evidence.getByText(/^Downloaded: \d+ entries, \d+ delivery reports\.$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
