import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { CommandBus } from '@nestjs/cqrs';
import { systemContext } from '../../src/commands/command-context';
import { ChangeSiteSettingsCommand } from '../../src/modules/sites';
import { dashboardBrowserApp } from '../support/browser-app';
import { demoSite } from '../support/dashboard-fixture';

const SHOTS = process.env.SCREENSHOT_DIR;
const LOAD_MS = 30_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n', 'latin1');

async function visitor(browser: Browser, width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  page.setDefaultTimeout(LOAD_MS);
  return page;
}

const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function contact(page: Page, email: string) {
  await page.getByLabel('Full name', { exact: true }).fill('Vic Visitor');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('2065550123');
}

describe('the forms of the spec in Chromium: seller suite, contact, referral, careers', () => {
  const LENDER = 'https://lender.example.com/apply';
  const app = dashboardBrowserApp(async (server) => {
    await server.app
      .get(CommandBus)
      .execute(
        new ChangeSiteSettingsCommand({ siteId: demoSite('demo').siteId, changes: { LenderUrl: LENDER, LenderName: 'Porch Mortgage' } }, systemContext()),
      );
  });

  it("seller suite 'What's my home worth?': the seller fields, the spec's checks, 'Email already in use' opens sign-in, then the thank-you", async () => {
    const page = await visitor(app.browser, 375);
    await page.goto(`${app.server.url}/search`);
    await page.getByRole('link', { name: 'What’s my home worth?' }).click();
    await page.getByRole('heading', { name: 'What’s my home worth?', level: 1 }).waitFor();
    // The header (with 'Sell') and the form fit a phone without sideways scrolling.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    for (const label of [
      'Address of the home',
      'Style (ranch, colonial, condo…)',
      'Square feet',
      'Age of the home (years)',
      'Bedrooms',
      'Bathrooms',
      'Features and updates',
      'Why are you selling?',
      'When would you like to sell?',
    ]) {
      await page.getByLabel(label, { exact: true }).waitFor();
    }
    // The site's lender link (site settings), in a new tab.
    const lender = page.getByRole('link', { name: 'Apply for a mortgage: Porch Mortgage' });
    expect([await lender.getAttribute('href'), await lender.getAttribute('target')]).toEqual([LENDER, '_blank']);
    expect(await seriousViolations(page)).toEqual([]);
    const send = page.getByRole('button', { name: 'Get my home value' });
    await send.click();
    await page.getByRole('alert').filter({ hasText: 'Please enter your name' }).waitFor();
    await contact(page, 'lead@demo.test');
    await page.getByLabel('Address of the home').fill('12 Porch Lane, Seattle');
    await page.getByLabel('Square feet').fill('1850');
    await page.getByLabel('Why are you selling?').fill('Moving closer to family');
    await send.click();
    const signIn = page.getByRole('dialog');
    await signIn.waitFor();
    expect(await signIn.getByLabel('Email', { exact: true }).inputValue()).toBe('lead@demo.test');
    await page.keyboard.press('Escape');
    await signIn.waitFor({ state: 'hidden' });
    await page.getByLabel('Email', { exact: true }).fill(unique('seller'));
    await send.click();
    await page.getByTestId('inquiry-sent').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/seller-suite.png`, fullPage: true });
  });

  it("contact form shows the buyer fields; the referral form shows the server's message beside the friend's email", async () => {
    const page = await visitor(app.browser);
    await page.goto(`${app.server.url}/contact`);
    await page.getByRole('heading', { name: 'Contact us', level: 1 }).waitFor();
    await page.getByLabel('Where are you looking?').fill('Ballard, Seattle');
    await page.getByLabel('Maximum price').fill('750000');
    expect(await seriousViolations(page)).toEqual([]);
    await contact(page, unique('buyer'));
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByTestId('inquiry-sent').waitFor();

    const refer = await visitor(app.browser);
    await refer.goto(`${app.server.url}/refer`);
    await refer.getByRole('heading', { name: 'Refer a friend', level: 1 }).waitFor();
    expect(await seriousViolations(refer)).toEqual([]);
    await contact(refer, unique('referrer'));
    await refer.getByLabel('Your friend’s full name').fill('Fran Friend');
    const friendEmail = refer.getByLabel('Your friend’s email');
    await friendEmail.fill('fran@');
    await refer.getByRole('button', { name: 'Send referral' }).click();
    await refer.getByText('Please enter a valid email for your friend').first().waitFor();
    expect(await friendEmail.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(refer)).toEqual([]);
    await friendEmail.fill('fran@example.com');
    expect(await friendEmail.getAttribute('aria-invalid')).not.toBe('true');
    await refer.getByRole('button', { name: 'Send referral' }).click();
    await refer.getByTestId('inquiry-sent').waitFor();
  });

  it("careers: a resume that is not a document shows 'Failed to upload resume' with the reason; a PDF uploads signed out (upload token) and is sent", async () => {
    const page = await visitor(app.browser);
    await page.goto(`${app.server.url}/careers`);
    await page.getByRole('heading', { name: 'Join our team', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const resume = page.getByLabel('Resume (PDF or Word document)');
    await resume.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a PDF') });
    await page
      .getByRole('alert')
      .filter({ hasText: /^Failed to upload resume: Only JPEG, PNG, GIF or WebP photos and PDF or Word documents can be uploaded/ })
      .waitFor();
    expect(await resume.getAttribute('aria-invalid')).toBe('true');
    await resume.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('Uploaded: cv.pdf').waitFor();
    await contact(page, unique('applicant'));
    await page.getByLabel('Message').fill('Licensed in Washington since 2019.');
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByTestId('inquiry-sent').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
