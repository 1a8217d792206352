import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed-demo';
import { seriousViolations } from '../support/axe';
import { browserApp } from '../support/browser-app';
import { signedInContext } from '../support/browser';
import { demoSite, PASSWORD, settle } from '../support/dashboard-fixture';
import { type DnsStandIn, startDnsStandIn } from '../support/dns-stand-in';
import { WebClient } from '../support/web-client';

const LOAD_MS = 30_000;
const brand = demoSite('brand');
const demo = demoSite('demo');

describe('custom domain verification in Chromium: the broker sees the domain pending with the instructions, and verifies it', () => {
  let dns: DnsStandIn;
  beforeAll(async () => {
    dns = await startDnsStandIn();
  });
  afterAll(async () => dns?.close());
  const app = browserApp({
    env: () => ({ DEMO_SEED: '0', DNS_SERVERS: dns.server }),
    prepare: async (server) => {
      await seedDemo(server.runtime.store, server.app.get(CommandBus), PASSWORD);
      await settle(server);
    },
  });
  const siteOn = async (host: string) => (await WebClient.for(app.server.url, host).get('/api/site')).body.siteId as string;

  it('a platform host is refused at the field; a domain of their own waits (pending), fails with the reason, then verifies by its TXT record and serves the site', async () => {
    const page = await (await signedInContext(app.browser, app.server.url, 'broker@demo.test', PASSWORD)).newPage();
    page.setDefaultTimeout(LOAD_MS);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${app.server.url}/dashboard?view=site`);
    const panel = page.getByRole('region', { name: 'Site settings' });
    const save = panel.getByRole('button', { name: 'Save site settings' });
    await save.waitFor();
    await panel.getByLabel('Site', { exact: true }).selectOption({ label: 'Brand Homes (brand subdomain)' });
    await expect.poll(() => panel.getByLabel('Brand name').inputValue()).toBe('Brand Homes');
    const domain = panel.getByLabel('Custom domain (DomainName)');

    // Another site's subdomain is the platform's: refused beside the field.
    await domain.fill('jane.localhost');
    await save.click();
    await panel.getByRole('alert').filter({ hasText: "This address belongs to the platform or one of its sites' subdomains" }).waitFor();
    expect(await domain.getAttribute('aria-invalid')).toBe('true');

    await domain.fill('homes.brand.example');
    await save.press('Enter');
    await panel.getByRole('status').filter({ hasText: 'Site settings saved' }).waitFor();
    const box = panel.getByRole('region', { name: 'Domain verification: homes.brand.example' });
    await box.getByTestId('domain-status').filter({ hasText: 'Pending' }).waitFor();
    const row = box.getByRole('table').getByRole('row').nth(1);
    const [type, name, token] = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
    expect([type, name]).toEqual(['TXT', '_porchlight.homes.brand.example']);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    await box.getByText(`http://homes.brand.example/.well-known/porchlight-verification/${token}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await siteOn('homes.brand.example')).toBe(demo.siteId);

    // Nothing published yet: the check fails and says why; keyboard works the button.
    const verify = box.getByRole('button', { name: 'Verify now' });
    await verify.focus();
    await page.keyboard.press('Enter');
    await box.getByTestId('domain-status').filter({ hasText: 'Verification failed' }).waitFor();
    await box.getByText('there is no TXT record at _porchlight.homes.brand.example').waitFor();
    expect(await siteOn('homes.brand.example')).toBe(demo.siteId);

    dns.txt.set('_porchlight.homes.brand.example', [token!]);
    await verify.click();
    await box.getByTestId('domain-status').filter({ hasText: 'Verified' }).waitFor();
    expect(await box.getByRole('button', { name: 'Verify now' }).count()).toBe(0);
    expect(await siteOn('homes.brand.example')).toBe(brand.siteId);
    expect(await seriousViolations(page)).toEqual([]);

    // A changed domain needs its own proof: the old one stops serving the site, the new one waits.
    await domain.fill('other.brand.example');
    await save.click();
    await panel.getByRole('status').filter({ hasText: 'Site settings saved' }).waitFor();
    await panel.getByRole('region', { name: 'Domain verification: other.brand.example' }).getByTestId('domain-status').filter({ hasText: 'Pending' }).waitFor();
    expect(await siteOn('homes.brand.example')).toBe(demo.siteId);
  });
});
