import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_MESSAGES } from '../../src/contract/site-settings';
import type { Started } from '../../src/main';
import { demoSite, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { type DnsStandIn, startDnsStandIn } from '../support/dns-stand-in';
import { WebClient } from '../support/web-client';

const demo = demoSite('demo');
const brand = demoSite('brand');
const jane = demoSite('jane');
const settingsOf = (siteId: string) => `/api/dashboard/sites/${siteId}/settings`;
const verifyOf = (siteId: string) => `/api/dashboard/sites/${siteId}/domain/verify`;

/** Contract section 7, Tenants: no broker's setting changes which site another host serves. */
describe('custom domains: proven before served, never the platform’s own hosts (contract section 7)', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let dns: DnsStandIn;
  let files: http.Server;
  /** What the domains' own web server (a real local one) answers, by path. */
  const served = new Map<string, string>();
  const siteOn = async (host: string) => (await WebClient.for(server.url, host).get('/api/site')).body.siteId as string;

  beforeAll(async () => {
    dns = await startDnsStandIn();
    files = http.createServer((req, res) => {
      const body = served.get(req.url ?? '');
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/plain' }).end(body ?? `Cannot GET ${req.url}`);
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    fixture = await startDashboardServer({
      PUBLIC_URL: 'http://porchlight.test',
      DNS_SERVERS: dns.server,
      DOMAIN_CHECK_HTTP_PORT: String((files.address() as AddressInfo).port),
    });
    server = fixture.server;
  });
  afterAll(async () => {
    await fixture?.stop();
    await dns?.close();
    await new Promise((resolve) => files?.close(resolve));
  });

  it('a Host whose first label is a subdomain, under a foreign domain, is not that site', async () => {
    expect(await siteOn('jane.porchlight.test')).toBe(jane.siteId);
    expect(await siteOn('jane.evil.example')).toBe(demo.siteId);
    // Development and the demo (npm start) run every site on localhost, whatever PUBLIC_URL says.
    expect(await siteOn('jane.localhost:3000')).toBe(jane.siteId);
    expect(await siteOn('brand.localhost')).toBe(brand.siteId);
    expect(await siteOn('demo.localhost')).toBe(demo.siteId);
    expect(await siteOn('localhost')).toBe(demo.siteId);
    expect(await siteOn('brand.evil.example:8080')).toBe(demo.siteId);
  });

  it("refuses (409) the platform's own host, its www., another site's subdomain and any host under the platform's domain", async () => {
    const broker = await signIn(server, 'broker@demo.test');
    for (const DomainName of [
      'jane.porchlight.test',
      'porchlight.test',
      'www.porchlight.test',
      'Jane.Porchlight.Test.',
      'x.y.porchlight.test',
      'jane.localhost',
    ]) {
      const res = await broker.request('PATCH', settingsOf(brand.siteId), { json: { DomainName } });
      expect([res.status, res.body.message], DomainName).toEqual([409, SITE_MESSAGES.domainPlatform]);
    }
    expect(await siteOn('jane.porchlight.test')).toBe(jane.siteId);
    expect(await siteOn('www.porchlight.test')).toBe(demo.siteId);
  });

  it('a custom domain serves its site only once a TXT record proves it; until then it is pending, a failed check says why', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const set = await broker.request('PATCH', settingsOf(brand.siteId), { json: { DomainName: 'homes.blair.example' } });
    expect(set.status, set.text).toBe(200);
    expect(await siteOn('homes.blair.example')).toBe(demo.siteId);
    const proof = set.body.domainVerification;
    expect(proof).toMatchObject({
      status: 'pending',
      reason: null,
      txtName: '_porchlight.homes.blair.example',
      filePath: `/.well-known/porchlight-verification/${proof.token}`,
    });
    expect(proof.token).toMatch(/^[0-9a-f]{32}$/);
    expect(await siteOn('www.homes.blair.example')).toBe(demo.siteId);
    expect((await WebClient.for(server.url, 'brand.porchlight.test').get('/api/site')).body.DomainName).toBeNull();

    // A record for another site (or another token) proves nothing.
    dns.txt.set('_porchlight.homes.blair.example', ['not-the-token']);
    const failed = await broker.post(verifyOf(brand.siteId), {});
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.domainVerification.status).toBe('failed');
    expect(failed.body.domainVerification.reason).toContain('the TXT record at _porchlight.homes.blair.example does not hold the token');
    expect(await siteOn('homes.blair.example')).toBe(demo.siteId);

    dns.txt.set('_porchlight.homes.blair.example', ['v=something-else', proof.token]);
    const verified = await broker.post(verifyOf(brand.siteId), {});
    expect([verified.status, verified.body.domainVerification?.status, verified.body.domainVerification?.reason]).toEqual([200, 'verified', null]);
    expect(await siteOn('homes.blair.example')).toBe(brand.siteId);
    expect(await siteOn('www.homes.blair.example')).toBe(brand.siteId);
    expect((await WebClient.for(server.url, 'homes.blair.example').get('/api/site')).body.DomainName).toBe('homes.blair.example');

    // Now it is the brand site's: no other site may take it, nor its www.
    const demoTakes = await broker.request('PATCH', settingsOf(demo.siteId), { json: { DomainName: 'www.homes.blair.example' } });
    expect([demoTakes.status, demoTakes.body.message]).toEqual([409, SITE_MESSAGES.domainTaken]);
  });

  it('the well-known file on the domain (a real HTTP server) proves it too; a changed domain needs verifying again', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const set = await broker.request('PATCH', settingsOf(brand.siteId), { json: { DomainName: 'offices.blair.example' } });
    expect(set.body.domainVerification.status).toBe('pending');
    const { token, filePath } = set.body.domainVerification;
    // The old domain no longer serves the site; the new one not yet.
    expect(await siteOn('homes.blair.example')).toBe(demo.siteId);
    expect(await siteOn('offices.blair.example')).toBe(demo.siteId);

    const noAddress = await broker.post(verifyOf(brand.siteId), {});
    expect(noAddress.body.domainVerification.reason).toContain('the domain has no address in DNS');
    dns.a.set('offices.blair.example', '127.0.0.1');
    const missing = await broker.post(verifyOf(brand.siteId), {});
    expect(missing.body.domainVerification).toMatchObject({ status: 'failed', reason: expect.stringContaining(`${filePath} answered 404`) });
    // A server that echoes the path (and so the token) in a page is no proof.
    served.set(filePath, `<p>Nothing at ${filePath}</p>`);
    const echoed = await broker.post(verifyOf(brand.siteId), {});
    expect(echoed.body.domainVerification.reason).toContain(`${filePath} does not hold the token`);

    served.set(filePath, `${token}\n`);
    const verified = await broker.post(verifyOf(brand.siteId), {});
    expect(verified.body.domainVerification.status, verified.text).toBe('verified');
    expect(await siteOn('offices.blair.example')).toBe(brand.siteId);
    const events = await server.runtime.store.readStream(`site-${brand.siteId}`);
    expect(events.map((e) => e.type).filter((t) => t.startsWith('SiteDomain'))).toEqual([
      'SiteDomainVerificationFailed',
      'SiteDomainVerified',
      'SiteDomainVerificationFailed',
      'SiteDomainVerificationFailed',
      'SiteDomainVerificationFailed',
      'SiteDomainVerified',
    ]);

    // Removing it: no domain, nothing to verify.
    await broker.request('PATCH', settingsOf(brand.siteId), { json: { DomainName: null } });
    const none = await broker.post(verifyOf(brand.siteId), {});
    expect([none.status, none.body.message]).toEqual([400, SITE_MESSAGES.noDomain]);
  });

  it('only the site’s owner broker or staff verify (404 otherwise)', async () => {
    const agent = await signIn(server, 'agent@demo.test');
    expect((await agent.post(verifyOf(brand.siteId), {})).status).toBe(404);
    expect((await WebClient.for(server.url, 'localhost').post(verifyOf(brand.siteId), {})).status).toBe(401);
  });
});
