import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { demoSite, type Office, registerOffice, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { WebClient } from '../support/web-client';

const demo = demoSite('demo');
const jane = demoSite('jane');
const settingsOf = (siteId: string) => `/api/dashboard/sites/${siteId}/settings`;

describe('site settings: brokers run their sites, staff every site (contract section 9)', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let office: Office;

  beforeAll(async () => {
    fixture = await startDashboardServer();
    server = fixture.server;
    office = await registerOffice(server, 'elsewhere');
  });
  afterAll(async () => fixture?.stop());

  it('signed out 401, a lead 403, an agent or another broker 404; the owner broker and staff read every setting of section 3', async () => {
    expect((await WebClient.for(server.url).get(settingsOf(demo.siteId))).status).toBe(401);
    const lead = await signIn(server, 'lead@demo.test');
    expect((await lead.get(settingsOf(demo.siteId))).status).toBe(403);
    const agent = await signIn(server, 'agent@demo.test');
    expect((await agent.get(settingsOf(jane.siteId))).status).toBe(404);
    expect((await agent.get('/api/dashboard/sites/editable')).body.sites).toEqual([]);
    const other = await signIn(server, office.brokerEmail);
    expect((await other.get(settingsOf(demo.siteId))).status).toBe(404);
    expect((await other.request('PATCH', settingsOf(demo.siteId), { json: { PromptLevel: 0 } })).status).toBe(404);
    expect((await other.get('/api/dashboard/sites/editable')).body.sites.map((s: { subdomain: string }) => s.subdomain)).toEqual(['elsewhere']);

    const broker = await signIn(server, 'broker@demo.test');
    const mine = (await broker.get('/api/dashboard/sites/editable')).body.sites.map((s: { subdomain: string }) => s.subdomain);
    expect(mine.sort()).toEqual(['brand', 'demo']);
    const res = await broker.get(settingsOf(demo.siteId));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      siteId: demo.siteId,
      name: 'Demo Realty',
      DomainName: null,
      Registration_AllowPartialName: false,
      Registration_SocialWithoutPhone: false,
      SearchRequiresAccept: false,
      PromptLevel: 1,
      PromptPages: 0,
      PromptViews: 3,
      On_MultiLineNav: false,
      MMSBulkSendCap: 50,
      LogoUrl: null,
      Disclaimer: '',
      dnsRecords: [],
    });
    expect(res.body.PrimaryColor).toMatch(/^#[0-9a-f]{6}$/);
    const staff = await signIn(server, 'staff@porchlight.test');
    expect((await staff.get(settingsOf(office.siteId))).status).toBe(200);
    expect((await staff.get('/api/dashboard/sites/editable')).body.sites.length).toBeGreaterThanOrEqual(4);
  });

  it('a change is on the public site at once (GET /api/site), unknown fields and bad values are 400 with the message', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const before = await WebClient.for(server.url, 'demo.localhost').get('/api/site');
    expect(before.body.settings.SearchRequiresAccept).toBe(false);
    const patch = {
      SearchRequiresAccept: true,
      PromptLevel: 2,
      PromptPages: 3,
      PromptViews: 1,
      Registration_AllowPartialName: true,
      Registration_SocialWithoutPhone: true,
      On_MultiLineNav: true,
      MMSBulkSendCap: 25,
      name: 'Demo Realty Group',
      PrimaryColor: '#123456',
      AccentColor: '#ABCDEF',
      LogoUrl: 'https://cdn.example.com/logo.png',
      Disclaimer: 'Licensed real estate broker. Equal housing opportunity.',
      LenderName: 'Porch Mortgage',
      LenderUrl: 'https://lender.example.com/apply?site=demo',
    };
    const res = await broker.request('PATCH', settingsOf(demo.siteId), { json: patch });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ ...patch, AccentColor: '#abcdef' });
    // No wait, no restart: the very next public request sees it.
    const after = await WebClient.for(server.url, 'demo.localhost').get('/api/site');
    expect(after.body.name).toBe('Demo Realty Group');
    expect(after.body.settings).toMatchObject({
      LenderUrl: patch.LenderUrl,
      LenderName: 'Porch Mortgage',
      SearchRequiresAccept: true,
      PromptLevel: 2,
      PromptPages: 3,
      PromptViews: 1,
      PrimaryColor: '#123456',
      Disclaimer: patch.Disclaimer,
    });
    expect(after.body.settings.MMSBulkSendCap).toBeUndefined();
    // Partial names are now accepted by the inquiry of this site.
    const single = await WebClient.for(server.url, 'demo.localhost').post('/api/account/inquiry', {
      FullName: 'Cher',
      Email: `cher-${Date.now()}@example.com`,
      Phone: '2065550123',
    });
    expect(single.status, single.text).toBe(200);

    for (const [body, message] of [
      [{ Nope: 1 }, 'Unknown field: Nope'],
      [{ PromptPages: 7 }, 'PromptPages must be a whole number from 0 to 3'],
      [{ SearchRequiresAccept: 'yes' }, 'SearchRequiresAccept must be true or false'],
      [{ PrimaryColor: 'red' }, 'PrimaryColor must be a colour written #rrggbb'],
      [{ LogoUrl: 'javascript:alert(1)' }, 'The logo must be an uploaded image or an https:// address'],
      [{ DomainName: 'not a domain' }, 'Please enter a valid domain name'],
      [{ LenderUrl: 'http://lender.example.com' }, 'The lender link must be an https:// address'],
      [{ name: ' ' }, 'Please enter the brand name'],
    ] as const) {
      const bad = await broker.request('PATCH', settingsOf(demo.siteId), { json: body });
      expect([bad.status, bad.body.message]).toEqual([400, message]);
    }
    await broker.request('PATCH', settingsOf(demo.siteId), {
      json: { SearchRequiresAccept: false, PromptLevel: 1, PromptPages: 0, PromptViews: 3, Registration_AllowPartialName: false, name: 'Demo Realty' },
    });
  });

  it('a custom domain set in the settings waits for its proof (pending): until then its Host is not the site; removed, nothing is left', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const set = await broker.request('PATCH', settingsOf(jane.siteId), { json: { DomainName: 'homes.example.com' } });
    expect(set.status).toBe(404); // jane is the agent's site, not the broker's
    const staff = await signIn(server, 'staff@porchlight.test');
    const res = await staff.request('PATCH', settingsOf(jane.siteId), { json: { DomainName: 'Homes.Example.com.' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.DomainName).toBe('homes.example.com');
    expect(res.body.dnsRecords).toEqual([{ type: 'CNAME', name: 'homes.example.com', value: 'localhost', note: expect.any(String) }]);
    expect(res.body.domainVerification).toMatchObject({ status: 'pending', txtName: '_porchlight.homes.example.com' });
    // Verification (TXT record or well-known file) is tests/dashboard/site-domains.int.spec.ts's.
    for (const host of ['homes.example.com', 'www.homes.example.com']) {
      const site = await WebClient.for(server.url, host).get('/api/site');
      expect(site.body.siteId, host).toBe(demo.siteId);
    }
    expect((await WebClient.for(server.url, 'jane.localhost').get('/api/site')).body.DomainName).toBeNull();
    const removed = (await staff.request('PATCH', settingsOf(jane.siteId), { json: { DomainName: null } })).body;
    expect([removed.DomainName, removed.domainVerification, removed.dnsRecords]).toEqual([null, null, []]);
  });

  it('staff create a site in onboarding: it answers on its subdomain at once, on its custom domain once verified, with the DNS records to set', async () => {
    const staff = await signIn(server, 'staff@porchlight.test');
    const body = { subdomain: 'newoffice', name: 'New Office Realty', kind: 'broker', ownerEmail: office.brokerEmail, DomainName: 'newoffice.com' };
    const res = await staff.post('/api/backoffice/sites', body);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ subdomain: 'newoffice', DomainName: 'newoffice.com', ownerUserId: office.officeId });
    expect(res.body.url).toMatch(/^http:\/\/newoffice\.localhost:\d+$/);
    expect(res.body.dnsRecords.map((r: { type: string; name: string }) => `${r.type} ${r.name}`)).toEqual(['ALIAS newoffice.com', 'CNAME www.newoffice.com']);
    expect((await WebClient.for(server.url, 'newoffice.localhost').get('/api/site')).body.name).toBe('New Office Realty');
    for (const host of ['newoffice.com', 'www.newoffice.com']) {
      expect((await WebClient.for(server.url, host).get('/api/site')).body.siteId, host).toBe(demo.siteId);
    }
    // The owner broker can now run it, and sees the domain waiting for its proof.
    const owner = await signIn(server, office.brokerEmail);
    const settings = await owner.get(settingsOf(res.body.siteId));
    expect([settings.status, settings.body.domainVerification?.status]).toEqual([200, 'pending']);

    expect((await staff.post('/api/backoffice/sites', body)).status).toBe(409);
    const agentOwned = await staff.post('/api/backoffice/sites', { ...body, subdomain: 'x2', DomainName: null, ownerEmail: office.agents[0]!.email });
    expect([agentOwned.status, agentOwned.body.message]).toEqual([400, "A broker's site needs a broker (level 15) as its owner"]);
    const broker = await signIn(server, 'broker@demo.test');
    expect((await broker.post('/api/backoffice/sites', { ...body, subdomain: 'x3' })).status).toBe(403);
  });
});
