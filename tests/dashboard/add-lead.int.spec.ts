import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAccount } from '../../src/modules/accounts';
import { demoSite, demoUser, newLead, type Office, registerOffice, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { home } from '../support/reso-home';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const person = (over: Record<string, unknown> = {}) => ({
  FullName: 'Hana Hand',
  Email: `h-${randomUUID().slice(0, 8)}@example.com`,
  Phone: '206-555-0142',
  ...over,
});

describe('a lead added by hand (POST /api/dashboard/leads)', () => {
  const app = dashboardServer();
  let other: Office;

  beforeAll(async () => {
    const { server } = app;
    other = await registerOffice(server, 'acmeadd');
  });

  const leadOf = async (c: WebClient, leadId: string) => {
    await settle(app.server);
    return c.get(`/api/dashboard/leads/${leadId}`);
  };

  it('201 {leadId}: on the agent’s own site, assigned to them, source "manual"; the inquiry fields become its inquiry; the person is a new account marked as an import, texts off (never consented), e-mail as every account starts', async () => {
    const { server } = app;
    const c = await signIn(server, jane.email);
    const body = person({ LeadType: 'Seller', Message: 'Met at the open house', PropertyAddress: '1 Elm St', Tags: 'Open house, Farm' });
    const res = await c.post('/api/dashboard/leads', body);
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(['leadId']);
    const one = await leadOf(c, res.body.leadId);
    expect(one.status).toBe(200);
    expect(one.body.lead).toMatchObject({
      fullName: 'Hana Hand',
      email: body.Email,
      phone: '206-555-0142',
      leadType: 'Seller',
      source: 'manual',
      assignedAgentId: jane.userId,
      stage: 'New',
      tags: ['Open house', 'Farm'],
    });
    expect(one.body.timeline.map((t: { type: string }) => t.type)).toEqual(
      expect.arrayContaining(['LeadCaptured', 'InquirySubmitted', 'LeadAssigned', 'LeadTagsChanged']),
    );
    const inquiry = one.body.timeline.find((t: { type: string }) => t.type === 'InquirySubmitted');
    expect(inquiry.summary).toContain('Met at the open house');
    const feed = await c.get(`/api/dashboard/feed/lead/${res.body.leadId}`);
    expect(feed.body.lead.siteId).toBe(demoSite('jane').siteId);

    const { account } = await loadAccount(server.runtime.store, feed.body.lead.userId);
    expect(account).toMatchObject({
      exists: true,
      securityLevel: 5,
      isImport: true,
      importOptedIn: false,
      consent: { email: true, text: false },
      cellPhone: '2065550142',
      emailVerified: false,
    });
  });

  it.each([
    [{ FullName: '' }, 'Please enter your name'],
    [{ FullName: 'Hana' }, 'Please enter your full name'],
    [{ FullName: 'Hana 42' }, 'Please enter a valid name'],
    [{ Email: 'hana@' }, 'Please enter a valid email'],
    [{ Phone: '555-0142' }, 'Please enter a valid phone number'],
    [{ Street: ' ' }, 'Please enter a street address'],
    [{ City: '' }, 'Please enter a city'],
    [{ Zip: '' }, 'Please enter a zip code'],
  ])('%j: 400 %s (the inquiry’s rules and messages)', async (over, message) => {
    const c = await signIn(app.server, jane.email);
    const res = await c.post('/api/dashboard/leads', person(over));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('about a listing (pdid): one we have, shown publicly or not, else 404 Listing not found', async () => {
    const { server } = app;
    await importListings(
      server.runtime.store,
      [{ record: 1, line: null, parse: () => home('AL1', { InternetEntireListingDisplayYN: false }) }] satisfies ImportItem[],
      { mls: 'T', ctx: systemContext() },
    );
    const c = await signIn(server, jane.email);
    const res = await c.post('/api/dashboard/leads', person({ pdid: 'T-AL1' }));
    expect(res.status, res.text).toBe(201);
    await settle(server);
    expect((await c.get(`/api/dashboard/feed/lead/${res.body.leadId}`)).body.lead.listingPdid).toBe('T-AL1');
    expect(await c.post('/api/dashboard/leads', person({ pdid: 'T-NOPE' }))).toMatchObject({ status: 404, body: { message: 'Listing not found' } });
    expect((await c.post('/api/dashboard/leads', person({ pdid: 'not a pdid!' }))).status).toBe(400);
  });

  it('refuses what an inquiry form has but a hand-added lead does not (terms, resume) and unknown fields', async () => {
    const { server } = app;
    const c = await signIn(server, jane.email);
    expect((await c.post('/api/dashboard/leads', person({ AcceptTerms: true }))).body).toEqual({ message: 'Unknown field: AcceptTerms' });
    expect((await c.post('/api/dashboard/leads', person({ ResumeUrl: '/uploads/x.pdf' }))).status).toBe(400);
  });

  it("409 'Email already in use' for an address already a lead of the office, whoever in the office adds it (any case); a lead of another office is added for the same person", async () => {
    const { server } = app;
    const c = await signIn(server, jane.email);
    const body = person();
    expect((await c.post('/api/dashboard/leads', body)).status).toBe(201);
    expect((await c.post('/api/dashboard/leads', { ...body, Email: body.Email.toUpperCase() })).body).toEqual({ message: 'Email already in use' });
    const a = await signIn(server, alex.email);
    const again = await a.post('/api/dashboard/leads', body);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Email already in use' });
    // The demo lead registered on the office's site: a lead of the office.
    expect((await a.post('/api/dashboard/leads', person({ Email: 'lead@demo.test' }))).status).toBe(409);
    // An agent's address is nobody's lead.
    expect((await a.post('/api/dashboard/leads', person({ Email: jane.email }))).body).toEqual({ message: 'Email already in use' });

    // A visitor who inquired at another office: this office may add them too, as the same person (one account).
    const { email, leadId: theirs } = await newLead(server, 'acmeadd.localhost');
    await settle(server);
    const added = await c.post('/api/dashboard/leads', person({ Email: email }));
    expect(added.status, added.text).toBe(201);
    expect(added.body.leadId).not.toBe(theirs);
    await settle(server);
    const mine = (await c.get(`/api/dashboard/feed/lead/${added.body.leadId}`)).body.lead;
    const cy = await signIn(server, other.agents[0]!.email, 'acmeadd.localhost');
    const ours = (await cy.get(`/api/dashboard/feed/lead/${theirs}`)).body.lead;
    expect(mine.userId).toBe(ours.userId);
    const { account } = await loadAccount(server.runtime.store, mine.userId);
    // The person's own consent stands: their inquiry gave it; nothing was withdrawn or added.
    expect(account).toMatchObject({ isImport: false, consent: { email: true, text: true } });
    expect((await cy.get(`/api/dashboard/leads/${added.body.leadId}`)).status).toBe(404);
  });

  it('scoping: an agent adds to their office only and for themself; the broker for an agent of the office; staff name the site; others 404 on the new lead, a lead 403, signed out 401', async () => {
    const { server } = app;
    const j = await signIn(server, jane.email);
    expect((await j.post('/api/dashboard/leads', person({ siteId: other.siteId }))).body).toEqual({ message: 'That site is not one of your office’s' });
    expect((await j.post('/api/dashboard/leads', person({ agentId: alex.userId }))).status).toBe(403);

    // The sites each may add to, the default first.
    const a = await signIn(server, alex.email);
    const subdomains = async (c: WebClient) => ((await c.get('/api/dashboard/sites')).body.sites as { subdomain: string }[]).map((x) => x.subdomain);
    expect(await subdomains(j)).toEqual(['jane', 'demo', 'brand']);
    expect(await subdomains(a)).toEqual(['demo', 'brand']);
    // Alex has no site of his own: the office's broker site.
    const byAlex = await a.post('/api/dashboard/leads', person());
    expect(byAlex.status).toBe(201);
    expect((await leadOf(a, byAlex.body.leadId)).body.lead.assignedAgentId).toBe(alex.userId);
    expect((await a.get(`/api/dashboard/feed/lead/${byAlex.body.leadId}`)).body.lead.siteId).toBe(demoSite('demo').siteId);
    expect((await j.get(`/api/dashboard/leads/${byAlex.body.leadId}`)).status).toBe(404);
    // Alex may not add to Jane's own site.
    expect((await a.post('/api/dashboard/leads', person({ siteId: demoSite('jane').siteId }))).status).toBe(400);

    const b = await signIn(server, broker.email, 'demo.localhost');
    const forAlex = await b.post('/api/dashboard/leads', person({ agentId: alex.userId, siteId: demoSite('brand').siteId }));
    expect(forAlex.status, forAlex.text).toBe(201);
    expect((await leadOf(a, forAlex.body.leadId)).body.lead.assignedAgentId).toBe(alex.userId);
    expect((await b.post('/api/dashboard/leads', person({ agentId: other.agents[0]!.userId }))).body).toEqual({ message: 'That agent is not in this office' });
    const own = await b.post('/api/dashboard/leads', person());
    expect((await leadOf(b, own.body.leadId)).body.lead.assignedAgentId).toBe(broker.userId);

    const bo = await signIn(server, other.brokerEmail);
    expect((await bo.get(`/api/dashboard/leads/${own.body.leadId}`)).status).toBe(404);

    const staff = await signIn(server, 'staff@porchlight.test');
    expect((await staff.post('/api/dashboard/leads', person())).body).toEqual({ message: 'Choose the site the lead is for' });
    const byStaff = await staff.post('/api/dashboard/leads', person({ siteId: other.siteId }));
    expect(byStaff.status).toBe(201);
    expect((await leadOf(bo, byStaff.body.leadId)).body.lead.assignedAgentId).toBe(other.officeId);

    expect((await (await signIn(server, 'lead@demo.test')).post('/api/dashboard/leads', person())).status).toBe(403);
    expect((await WebClient.for(server.url, 'localhost').post('/api/dashboard/leads', person())).status).toBe(401);
    // State-changing: a foreign Origin is refused.
    expect((await j.post('/api/dashboard/leads', person(), { origin: 'https://evil.example' })).status).toBe(403);
  });
});
