import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { janesLead, settle, signIn } from '../support/dashboard-fixture';
import { waitForMail } from '../support/mail-outbox';
import { signInPage } from '../support/sign-in-page';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('action plans in Chromium: the step editor, the preview for a lead, enrolment from the lead page, and the timeline', () => {
  const app = dashboardBrowserApp();

  it('works at 390 px and by keyboard: a broker writes a plan, previews it for a lead, enrols the lead; the e-mail goes once and the timeline says so', async () => {
    const { server, browser } = app;
    const { leadId, email } = await janesLead(server, { FullName: 'Nora Plan' });
    const brokerApi = await signIn(server, 'broker@demo.test');
    const tpl = await brokerApi.post('/api/dashboard/email-templates', {
      scope: 'office',
      name: 'Welcome mail',
      subject: 'Welcome, {first_name}',
      body: 'Hi {first_name},\n\nGlad to help.\n\n{agent_name}',
    });
    expect(tpl.status, tpl.text).toBe(201);
    await settle(server);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    await page.goto(`${server.url}/dashboard?view=plans`);
    await page.getByRole('heading', { name: 'Action plans', level: 1 }).waitFor();
    await page.getByText('No plans yet. Write the first one with the editor.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The editor: an office plan of three steps, added, reordered by keyboard, one removed.
    await page.getByRole('combobox', { name: /^For/ }).selectOption('office');
    await page.getByLabel('Name', { exact: true }).fill('New lead nurture');
    const add = async (kind: string) => {
      await page.getByRole('combobox', { name: /^New step/ }).selectOption({ label: kind });
      await page.getByRole('button', { name: 'Add step' }).click();
    };
    await add('Add tag');
    await add('Wait');
    await add('Send e-mail');
    await add('Send text');
    await page.getByRole('listitem', { name: 'Step 1: Add tag' }).getByLabel('Tag', { exact: true }).fill('nurture');
    await page
      .getByRole('listitem', { name: 'Step 3: Send e-mail' })
      .getByRole('combobox', { name: /^E-mail template/ })
      .selectOption({ label: 'Welcome mail' });
    // The e-mail goes first: moved up twice from the keyboard.
    const up = page.getByRole('button', { name: 'Move up: Step 3' });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Move up: Step 2' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listitem', { name: 'Step 1: Send e-mail' }).waitFor();
    await page.getByRole('button', { name: 'Remove: Step 4' }).click();
    expect(await page.getByRole('listitem', { name: /^Step \d/ }).count()).toBe(3);
    await page.getByRole('listitem', { name: 'Step 3: Wait' }).waitFor();
    // A plan cannot end with a wait: the server says so.
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText('A plan cannot end with a wait').waitFor();
    await page.getByRole('button', { name: 'Move up: Step 3' }).click();
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText('Plan “New lead nurture” saved.').waitFor();
    // Listed at once, in the render that says it was saved (not "No plans yet" until the read model has it).
    expect(await page.getByText('No plans yet. Write the first one with the editor.').count()).toBe(0);
    await page.getByRole('heading', { name: 'Edit plan' }).waitFor();
    await page.getByText('New lead nurture').first().waitFor();

    // The preview: what Nora would get, with her name filled in, and when.
    await page.getByRole('combobox', { name: /^Lead/ }).selectOption({ label: 'Nora Plan' });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('list', { name: 'Preview for a lead' });
    await preview.getByText('Welcome, Nora').waitFor();
    expect(await preview.getByRole('listitem').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/plans-editor-phone.png`, fullPage: true });

    // The lead page: enrol; the e-mail step is sent, the tag added, the wait pending.
    await page.goto(`${server.url}/dashboard?lead=${leadId}`);
    await page.getByRole('heading', { name: 'Nora Plan' }).waitFor();
    const plans = page.getByRole('region', { name: 'Action plans' });
    await plans.getByText('This lead is on no plan.').waitFor();
    await plans.getByRole('combobox', { name: /^Plan/ }).selectOption({ label: 'New lead nurture' });
    await plans.getByRole('button', { name: 'Enrol' }).click();
    await plans.getByText('Enrolled.').waitFor();
    const mail = await waitForMail(server.runtime.db.pool, email, (m) => m.subject === 'Welcome, Nora');
    expect(mail.text).toMatch(/^Hi Nora,\n\nGlad to help\.\n\nJane Agent/);
    await settle(server);
    await page.reload();
    const enrolment = page.getByRole('region', { name: 'Action plans' }).getByRole('article', { name: 'New lead nurture' });
    await enrolment.getByText('Running').waitFor();
    await enrolment.getByText(/^Sent/).waitFor();
    await enrolment.getByText('Pending').waitFor();
    // The timeline has the plan's lines.
    await page.getByText('Plan "New lead nurture": E-mail "Welcome mail" sent').waitFor();
    // Pause by hand: said on the enrolment.
    await enrolment.getByRole('button', { name: 'Pause' }).click();
    await page.waitForTimeout(800);
    await page.reload();
    await page.getByRole('region', { name: 'Action plans' }).getByText('Paused: paused by hand').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/plans-lead-phone.png`, fullPage: true });
    await context.close();
  });

  it('enrols in bulk from the lead list: the ticked leads, from the Leads menu to the plan', async () => {
    const { server, browser } = app;
    await janesLead(server, { FullName: 'Bulk One' });
    await janesLead(server, { FullName: 'Bulk Two' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'broker@demo.test');
    await page.goto(`${server.url}/dashboard`);
    const boxes = page.getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: /^Leads/ }).click();
    await page.getByRole('button', { name: 'Enrol selected in a plan (2)' }).click();
    await page.getByRole('heading', { name: 'Action plans', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit New lead nurture' }).click();
    await page.getByRole('button', { name: 'Enrol the 2 selected leads' }).click();
    await page.getByText(/^\d enrolled, \d skipped\./).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
  it('staff pick an office: the list shows that office’s plans (not an agent’s own), and they change one', async () => {
    const { server, browser } = app;
    const janeApi = await signIn(server, 'agent@demo.test');
    const brokerApi = await signIn(server, 'broker@demo.test');
    const step = [{ kind: 'add-tag', tag: 'drip' }];
    expect((await janeApi.post('/api/dashboard/plans', { scope: 'personal', name: 'Jane private', steps: step })).status).toBe(201);
    expect((await brokerApi.post('/api/dashboard/plans', { scope: 'office', name: 'Office drip', steps: step })).status).toBe(201);
    await settle(server);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/search`);
    await signInPage(page, 'staff@porchlight.test');
    await page.goto(`${server.url}/dashboard?view=plans`);
    await page.getByRole('heading', { name: 'Action plans', level: 1 }).waitFor();
    // No office picked: every office's plans and everyone's.
    await page.getByRole('button', { name: 'Open Jane private' }).waitFor();
    await page.getByRole('button', { name: 'Edit Office drip' }).waitFor();
    await page.getByRole('combobox', { name: 'Office' }).selectOption({ label: 'Blair Broker’s office' });
    await expect.poll(() => page.getByRole('button', { name: 'Open Jane private' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit Office drip' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Office drip, by staff');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText('Plan “Office drip, by staff” saved.').waitFor();
    await page.getByRole('button', { name: 'Edit Office drip, by staff' }).waitFor();
    expect(new URL(page.url()).searchParams.get('office')).toBe('00000000-0000-4000-8000-000000000015');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await context.close();
  });
});
