import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { dashboardBrowserApp } from '../support/browser-app';
import { until } from '../support/dashboard-fixture';
import { signInPage } from '../support/sign-in-page';
import { verifySignature, webhookReceiver } from '../support/webhook-receiver';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('Settings → Webhooks in Chromium: made by keyboard with its events, the secret shown once, tested, logged, paused, sent again, deleted; at 390 px', () => {
  const app = dashboardBrowserApp();
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    receiver = await webhookReceiver();
  });
  afterAll(() => receiver?.close());

  it('the empty state, a refused URL, a webhook made and tested (signed), a failing receiver’s answer in the log, pause and resume, send again, delete; axe-clean', async () => {
    const context = await app.browser.newContext(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${app.server.url}/dashboard?view=webhooks`);
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A URL the server refuses: its reason, in words.
    await page.getByLabel('Receiver URL').fill('ftp://files.example.com/drop');
    await page.getByLabel('Receiver URL').press('Enter');
    await page.getByRole('alert').getByText('url must be an http or https URL').waitFor();

    // By keyboard: the URL, then a second event ticked with Space, then Enter on the button.
    const url = `${receiver.origin}/e2e`;
    await page.getByLabel('Receiver URL').fill(url);
    await page.getByRole('checkbox', { name: /Note written/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Add webhook' }).focus();
    await page.keyboard.press('Enter');
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await page.getByText('it is shown only this once').waitFor();
    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    const item = page.getByRole('listitem').filter({ hasText: url });
    await item.getByText('Active').waitFor();
    await item.getByText('lead.created, note.created').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // Send test: delivered, signed with the secret just shown.
    await page.getByRole('button', { name: `Send test to ${url}` }).click();
    const log = page.getByRole('region', { name: `Deliveries to ${url}` });
    await log.getByText(/Delivered/).waitFor();
    const test = await until(() => receiver.received.find((r) => r.path === '/e2e' && r.body.type === 'webhook.test'));
    expect(verifySignature(secret, test.headers['porchlight-signature'] as string, test.raw)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // A failing receiver: its answer shows in the log while the delivery waits for its next try.
    receiver.failing.set('/e2e', 500);
    await page.getByRole('button', { name: `Send test to ${url}` }).click();
    await log.getByText('Last answer: HTTP 500: receiver is down for maintenance').waitFor();
    // The first retry comes 2.5 to 5 s after the first failure: on a busy machine the page may first see the second.
    await log.getByText(/Waiting · \d+ tr(y|ies) · next try/).waitFor();
    receiver.failing.delete('/e2e');

    // Pause and resume, by keyboard.
    await page.getByRole('button', { name: `Pause ${url}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Paused: events are kept and sent once you resume.').waitFor();
    await item.getByText('Paused', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Resume ${url}` }).click();
    await page.getByText('Resumed: the kept events are being sent.').waitFor();

    // Send again: the delivered test goes once more, with the same id.
    await log.getByRole('button', { name: `Send again webhook.test ${test.body.id}` }).click();
    await page.getByText('webhook.test is sent again with the same id.').waitFor();
    await until(() => receiver.received.filter((r) => r.body.id === test.body.id && r.status === 200).length === 2);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // Delete: a confirm dialog; Escape keeps it, the button deletes it.
    await page.getByRole('button', { name: `Delete ${url}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Delete ${url}` }).click();
    await dialog.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByText(`Deleted the webhook to ${url}.`).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    await context.close();
  });

  it('on a desktop, each event’s name and its type stay inside their own column of the form', async () => {
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${app.server.url}/search`);
    await signInPage(page, 'agent@demo.test');
    await page.goto(`${app.server.url}/dashboard?view=webhooks`);
    const events = page.getByRole('group', { name: 'Events' });
    await events.getByRole('checkbox', { name: /Stage changed/ }).waitFor();
    // Each label's words (and its monospace type) end before the next column starts: none overflows its own box.
    const spills = await events.evaluate((fieldset) =>
      [...fieldset.querySelectorAll('label')].flatMap((label) => {
        const box = label.getBoundingClientRect();
        return [...label.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > box.right + 0.5).map(() => label.textContent);
      }),
    );
    expect(spills).toEqual([]);
    await page.context().close();
  });
});
