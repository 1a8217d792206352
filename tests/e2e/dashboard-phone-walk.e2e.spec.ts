import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/shared/paths';
import { dashboardViewRows } from '../bench/dashboard-view-ids';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoUser, janesLead } from '../support/dashboard-fixture';
import { outside, primaryOutOfReach } from '../support/phone-layout';
import { signInPage } from '../support/sign-in-page';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = path.join(projectRoot, '.data', 'phone-walk');
const ROLES = { agent: ['ALL'], broker: ['ALL', 'MANAGERS'], staff: ['ALL', 'MANAGERS', 'STAFF'] } as const;
type Who = keyof typeof ROLES;

/** Pages of the dashboard outside its table of views, by who opens them. */
const MORE_PAGES: Record<Who, readonly string[]> = {
  agent: [],
  broker: ['/dashboard/guides'],
  staff: [
    '/dashboard/guides',
    '/dashboard/backoffice',
    '/dashboard/backoffice?view=projections',
    '/dashboard/backoffice?view=feeds',
    '/dashboard/backoffice?view=onboarding',
  ],
};

/** `outside`, and the layout viewport widened past the phone's 390 px (a page too wide for it). */
async function problemsOf(page: Page): Promise<string[]> {
  const width = (await page.evaluate('window.innerWidth')) as number;
  return [...(width > PHONE.viewport.width ? [`laid out ${width} px wide`] : []), ...(await outside(page))];
}

/** A dialog the walk opens: how, and its primary action. */
type DialogStep = {
  readonly name: string;
  readonly at: (leadId: string) => string;
  readonly open: (page: Page) => Promise<void>;
  readonly dialog: string | RegExp;
  readonly primary: (d: Locator) => Locator;
};

const submit = (d: Locator) => d.locator('button[type="submit"], .btn-primary').last();
const leadPage = (leadId: string) => `/dashboard?lead=${leadId}`;

const LEAD_DIALOGS: readonly DialogStep[] = [
  {
    name: 'new lead',
    at: () => '/dashboard',
    open: async (page) => {
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('button', { name: /^Leads/ })
        .click();
      await page
        .getByRole('menuitem', { name: 'Add lead' })
        .or(page.getByRole('button', { name: 'Add lead' }))
        .first()
        .click();
    },
    dialog: 'Add lead',
    primary: submit,
  },
  {
    name: 'share listings',
    at: leadPage,
    open: (page) => page.getByRole('button', { name: 'Send listings' }).click(),
    dialog: /^Send listings to/,
    primary: submit,
  },
  {
    name: 'create a search',
    at: leadPage,
    open: (page) => page.getByRole('button', { name: 'Create search for lead' }).click(),
    dialog: /^Create a search for/,
    primary: submit,
  },
];

const DIALOGS: Record<Who, readonly DialogStep[]> = {
  agent: LEAD_DIALOGS,
  broker: LEAD_DIALOGS,
  staff: [
    ...LEAD_DIALOGS,
    {
      name: 'feed setup',
      at: () => '/dashboard/backoffice?view=feeds',
      open: (page) => page.getByRole('button', { name: 'Add a feed' }).click(),
      dialog: 'Add a feed',
      primary: submit,
    },
    {
      name: 'account action',
      at: () => `/dashboard/backoffice?user=${demoUser('agent').userId}`,
      open: (page) => page.getByRole('button', { name: 'Add note' }).click(),
      dialog: 'Add a note',
      primary: submit,
    },
  ],
};

/**
 * The phone walk: at 390 px every dashboard view (the table of views, for an agent, a broker and
 * staff), a lead's page, and the dialogs they open. Fails when the page scrolls sideways, a control
 * is cut off by the window or a box that clips it, or a dialog's primary action cannot be reached.
 * Screenshots go to .data/phone-walk/.
 */
describe('the dashboard at 390 px in Chromium: every view and dialog fits the phone', () => {
  const app = dashboardBrowserApp();

  for (const who of Object.keys(ROLES) as Who[]) {
    it(`${who}: every view, a lead's page and the dialogs`, async () => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const { leadId } = await janesLead(app.server, { FullName: 'Walker Phone' });
      const context = await app.browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto(`${app.server.url}/search`);
      await signInPage(page, demoUser(who).email);
      const problems: Record<string, string[]> = {};
      const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${who}-${name.replace(/\W+/g, '_')}.png`), fullPage: true });
      const views = dashboardViewRows().filter((v) => (ROLES[who] as readonly string[]).includes(v.roles));
      for (const address of [...views.map((v) => `/dashboard?view=${v.id}`), leadPage(leadId), ...MORE_PAGES[who]]) {
        await page.goto(`${app.server.url}${address}`);
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        const found = await problemsOf(page);
        if (found.length) problems[address] = found;
        await shot(address);
      }
      for (const step of DIALOGS[who]) {
        await page.goto(`${app.server.url}${step.at(leadId)}`);
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        await step.open(page);
        const dialog = page.getByRole('dialog', { name: step.dialog });
        await dialog.waitFor();
        await page.waitForLoadState('networkidle');
        const found = await problemsOf(page);
        const reach = await primaryOutOfReach(dialog, step.primary(dialog));
        if (found.length || reach) problems[`dialog: ${step.name}`] = [...found, ...(reach ? [`primary action ${reach}`] : [])];
        await shot(`dialog-${step.name}`);
      }
      expect(problems).toEqual({});
      await context.close();
    }, 300_000);
  }
});
