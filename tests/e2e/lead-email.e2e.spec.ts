import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { janesLead, settle } from '../support/dashboard-fixture';
import { waitForMail } from '../support/mail-outbox';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('CRM e-mail in Chromium: a template made in the manager, then picked, previewed and sent from the lead page', () => {
  const app = dashboardBrowserApp();

  it('works at 390 px: the templates manager is axe-clean, the composer fills the merge fields and sends once', async () => {
    const { server, browser } = app;
    const { leadId, email } = await janesLead(server, { FullName: 'Nora Nguyen' });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'agent@demo.test');

    // The templates manager: an agent adds a personal template; an unknown field is named first.
    await page.goto(`${server.url}/dashboard?view=templates`);
    await page.getByRole('heading', { name: 'E-mail templates', level: 1 }).waitFor();
    await page.getByText('No templates of your own yet.').waitFor();
    await page.getByLabel('Name').fill('Saturday tour');
    await page.getByLabel('Subject').fill('A tour for {first_name}?');
    await page.getByLabel('Message').fill('Hi {frist_name},');
    await page.getByText(/^Unknown merge field \{frist_name\}/).waitFor();
    await page.getByLabel('Message').fill('Hi {first_name},\n\nWould Saturday at 10 suit you?\n- {listing_address}\n\n{agent_name}\n{agent_phone}');
    await page.getByRole('button', { name: 'Add template' }).click();
    await page.getByText('Template “Saturday tour” added.').waitFor();
    await page.getByRole('region', { name: 'My templates' }).getByRole('heading', { name: 'Saturday tour' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/email-templates-phone.png`, fullPage: true });

    // The lead page: E-mail, pick the template, the preview as Nora gets it, send.
    await page.goto(`${server.url}/dashboard?lead=${leadId}`);
    await page.getByRole('heading', { name: 'Nora Nguyen' }).waitFor();
    await page.getByRole('button', { name: 'E-mail', exact: true }).click();
    const composer = page.getByRole('region', { name: 'E-mail Nora Nguyen' });
    await composer.getByLabel('Template').selectOption({ label: 'Saturday tour' });
    expect(await composer.getByLabel('Subject').inputValue()).toBe('A tour for {first_name}?');
    const preview = composer.getByRole('region', { name: /^Preview/ });
    await preview.getByText('A tour for Nora?').waitFor();
    // No listing, no cell phone: those lines are left out, and the preview says which fields are empty.
    expect(await preview.locator('div').first().innerText()).toBe('Hi Nora,\n\nWould Saturday at 10 suit you?\n\nJane Agent');
    await preview.getByText(/^Empty for Nora Nguyen: \{listing_address\}, \{agent_phone\}/).waitFor();
    // A merge field inserted from the list, by keyboard.
    await composer.getByLabel('Message').focus();
    await page.keyboard.press('End');
    await composer.getByLabel('Merge field').selectOption('site_name');
    await composer.getByRole('button', { name: 'Insert' }).click();
    await preview.getByText(/Jane Agent Homes$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/email-composer-phone.png`, fullPage: true });
    await composer.getByRole('button', { name: 'Send e-mail' }).click();
    await composer.getByText('E-mail to Nora Nguyen sent.').waitFor();

    const mail = await waitForMail(server.runtime.db.pool, email, (m) => m.subject === 'A tour for Nora?');
    expect(mail.text).toMatch(/^Hi Nora,\n\nWould Saturday at 10 suit you\?\n\nJane Agent\nJane Agent Homes\n\n-- \n/);
    await settle(server);
    expect((await server.runtime.store.readStream(`email-${leadId}`)).map((e) => e.type)).toEqual(['LeadEmailSent']);
    await context.close();
  });

  it("the broker writes the office's templates; an agent of the office picks from them but cannot change them", async () => {
    const { server, browser } = app;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    await page.goto(`${server.url}/dashboard?view=templates`);
    await page.getByRole('heading', { name: 'E-mail templates', level: 1 }).waitFor();
    await page.getByText('No office templates yet. Add one for your agents.').waitFor();
    await page.getByRole('radio', { name: 'The office' }).check();
    await page.getByLabel('Name').fill('Welcome');
    await page.getByLabel('Subject').fill('Welcome to {site_name}');
    await page.getByLabel('Message').fill('Hi {first_name},\n\nI am {agent_name}.');
    await page.getByRole('button', { name: 'Add template' }).click();
    const office = page.getByRole('region', { name: 'Office templates' });
    await office.getByRole('heading', { name: 'Welcome' }).waitFor();
    // Edit, then delete with a confirmation step, by keyboard-reachable buttons.
    await office.getByRole('button', { name: 'Edit Welcome' }).click();
    await page.getByRole('heading', { name: 'Edit “Welcome”' }).waitFor();
    await page.getByLabel('Subject').fill('Welcome to {site_name}!');
    await page.getByRole('button', { name: 'Save template' }).click();
    // The form's status says what happened (a refusal would be named here, not timed out on).
    const said = page.locator('form').getByRole('status');
    await expect.poll(() => said.textContent(), { timeout: 30_000 }).toMatch(/\S/);
    expect(await said.textContent()).toBe('Template “Welcome” saved.');
    await office.getByText('Welcome to {site_name}!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await settle(server);

    const agent = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const agentPage = await agent.newPage();
    await agentPage.goto(`${server.url}/search`);
    await signInPage(agentPage, 'agent2@demo.test');
    await agentPage.goto(`${server.url}/dashboard?view=templates`);
    const seen = agentPage.getByRole('region', { name: 'Office templates' });
    await seen.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(await seen.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    expect(await agentPage.getByRole('radio', { name: 'The office' }).count()).toBe(0);
    await agent.close();

    await office.getByRole('button', { name: 'Delete Welcome' }).click();
    await office.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('No office templates yet. Add one for your agents.').waitFor();
    await context.close();
  });
});
