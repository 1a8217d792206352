import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacebookLeadDelivered } from '../../src/modules/facebook-leads/facebook-leads.events';
import { hubSignatureOf } from '../../src/modules/facebook-leads/hub-signature';
import { NOT_SIGNED, NOT_VERIFIED } from '../../src/modules/facebook-leads/facebook-webhook.http';
import { FacebookLeadFetcher, NO_SUCH_PAGE } from '../../src/modules/facebook-leads/facebook-lead-fetcher.reactor';
import { facebookGraphStandIn } from '../support/facebook-graph-stand-in';
import { demoUser, type Office, registerOffice, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';
import { INTAKE_MESSAGES } from '../../src/modules/integrations/intake-lead/lead-intake.service';
import { waitUntil as until } from '../support/wait-until';

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'porchlight-verify-1';
const broker = demoUser('broker');
const PAGE = '104857600000001';
const OTHER_PAGE = '104857600000002';
const FORM = '2001000000000001';
const TOKEN = 'EAAGm0PX4ZCpsBAPageTokenForTheDemoOffice0001';
const OTHER_TOKEN = 'EAAGm0PX4ZCpsBAPageTokenForTheOtherOffice002';

let graph: Awaited<ReturnType<typeof facebookGraphStandIn>>;
/** Filled before the server starts (the hooks run in order): it reads the Graph API at the stand-in's address. */
const env: Record<string, string> = { FACEBOOK_APP_SECRET: APP_SECRET, FACEBOOK_VERIFY_TOKEN: VERIFY_TOKEN };
beforeAll(async () => {
  graph = await facebookGraphStandIn(APP_SECRET);
  env.FACEBOOK_GRAPH_URL = graph.url;
});
afterAll(() => graph.close());

/** Meta's page webhook body for these leadgen ids (developers.facebook.com/docs/graph-api/webhooks/getting-started/webhooks-for-leadgen). */
const leadgenBody = (pageId: string, ...leadgenIds: string[]) =>
  JSON.stringify({
    object: 'page',
    entry: [
      {
        id: pageId,
        time: 1764410400,
        changes: leadgenIds.map((id) => ({
          field: 'leadgen',
          value: { ad_id: '238496385710', form_id: FORM, leadgen_id: id, created_time: 1764410400, page_id: pageId, adgroup_id: '238496385711' },
        })),
      },
    ],
  });

describe('Facebook lead ads: the webhook handshake, signed deliveries, each lead fetched through the Graph API and taken in once', () => {
  const app = dashboardServer(undefined, env);
  let meta: WebClient;
  let brokerC: WebClient;
  let other: Office;
  let otherC: WebClient;

  const deliver = (body: string, signature: string | null = hubSignatureOf(APP_SECRET, body)) =>
    meta.request('POST', '/api/inbound/facebook', {
      raw: { body, contentType: 'application/json' },
      origin: null,
      headers: signature ? { 'x-hub-signature-256': signature } : {},
    });
  const queued = async (leadgenId: string) =>
    (await app.server.runtime.db.pool.query('SELECT state, attempts, last_error FROM facebook_lead_queue WHERE leadgen_id = $1', [leadgenId])).rows[0];
  const delivered = async (leadgenId: string) =>
    (await app.server.runtime.store.readStream(`fblead-${leadgenId}`)) as unknown as { type: string; data: FacebookLeadDelivered['data'] }[];
  const deliveredOnce = (leadgenId: string) => until(`lead ${leadgenId} delivered`, async () => (await delivered(leadgenId))[0]?.data);

  beforeAll(async () => {
    meta = WebClient.for(app.server.url, 'localhost');
    brokerC = await signIn(app.server, broker.email, 'demo.localhost');
    other = await registerOffice(app.server, 'fbother');
    otherC = await signIn(app.server, other.brokerEmail, 'fbother.localhost');
    graph.pages.set(PAGE, { name: 'Demo Realty', token: TOKEN, forms: [{ id: FORM, name: 'Free home valuation' }] });
    graph.pages.set(OTHER_PAGE, { name: 'Other Realty', token: OTHER_TOKEN, forms: [{ id: '2001000000000009', name: 'Open house RSVP' }] });
    const connected = await brokerC.post('/api/dashboard/facebook/pages', { pageId: PAGE, accessToken: TOKEN });
    expect(connected.status, connected.text).toBe(201);
    expect(connected.text).not.toContain(TOKEN);
    // Connecting installs our app on the page for its leadgen field: Meta then sends its leads here.
    expect(graph.subscribed.get(PAGE)).toBe('leadgen');
  });

  it('the handshake: the right verify token → the challenge as text/plain 200; a wrong one, another mode or none → 403', async () => {
    const ok = await meta.get(`/api/inbound/facebook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.text).toBe('1158201444');
    for (const q of [
      `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      'hub.mode=subscribe&hub.challenge=1',
    ]) {
      const no = await meta.get(`/api/inbound/facebook?${q}`);
      expect(no.status, q).toBe(403);
      expect(no.body).toEqual({ message: NOT_VERIFIED });
      expect(no.text).not.toContain('1158201444');
    }
  });

  it('a forged or missing signature → 403 and nothing is queued or fetched', async () => {
    const body = leadgenBody(PAGE, '900000000000001');
    const before = graph.calls.length;
    for (const signature of [null, hubSignatureOf('another-secret', body), 'sha1=abc', hubSignatureOf(APP_SECRET, `${body} `)]) {
      const res = await deliver(body, signature);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: NOT_SIGNED });
    }
    expect(await queued('900000000000001')).toBeUndefined();
    expect(graph.calls.length).toBe(before);
  });

  it('a real-shaped leadgen delivery → 200 at once, then one lead with the answers, filed under "Facebook: <form name>"; Meta retrying it → still one', async () => {
    graph.leads.set('900000000000002', {
      pageId: PAGE,
      formId: FORM,
      createdTime: '2026-11-29T10:00:00+0000',
      campaignName: 'Sellers November',
      fields: {
        full_name: 'Fiona Facebook',
        email: 'fiona.fb@example.com',
        phone_number: '+15550102030',
        'when_are_you_planning_to_sell?': 'Within 3 months',
        city: 'Springfield',
      },
    });
    const body = leadgenBody(PAGE, '900000000000002');
    const res = await deliver(body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Received', leads: 1 });
    const d = await deliveredOnce('900000000000002');
    expect(d).toMatchObject({ pageId: PAGE, formId: FORM, formName: 'Free home valuation', source: 'Facebook: Free home valuation', created: true });
    await settle(app.server);
    const lead = await brokerC.get(`/api/dashboard/leads/${d.leadId}`);
    expect(lead.status).toBe(200);
    for (const words of ['Fiona Facebook', 'fiona.fb@example.com', 'When are you planning to sell?: Within 3 months', 'Facebook: Free home valuation'])
      expect(lead.text).toContain(words);
    // Meta delivers again (it retries until it has a 200, and sometimes after): nothing new.
    expect((await deliver(body)).status).toBe(200);
    expect((await deliver(leadgenBody(PAGE, '900000000000002', '900000000000002'))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    await settle(app.server);
    expect(await delivered('900000000000002')).toHaveLength(1);
    await expect.poll(() => queued('900000000000002'), { timeout: 10_000 }).toMatchObject({ state: 'sent' });
    const again = await brokerC.get(`/api/dashboard/leads/${d.leadId}`);
    expect(again.text.split('When are you planning to sell?').length - 1).toBe(1);
  });

  it('the Graph API failing, then recovering → retried under the outbox policy and delivered once', async () => {
    graph.leads.set('900000000000003', {
      pageId: PAGE,
      formId: FORM,
      createdTime: '2026-11-29T11:00:00+0000',
      fields: { full_name: 'Rita Retry', email: 'rita@example.com' },
    });
    graph.failNext(1, '900000000000003');
    expect((await deliver(leadgenBody(PAGE, '900000000000003'))).status).toBe(200);
    const failed = await until('a failed try', async () => {
      const r = await queued('900000000000003');
      return r && r.attempts >= 1 ? r : null;
    });
    expect(failed.state).toBe('pending');
    expect(failed.last_error).toContain('unexpected error');
    const d = await deliveredOnce('900000000000003');
    expect(d.created).toBe(true);
    // The row is marked sent just after the lead is taken in: wait for it rather than race it.
    await expect.poll(() => queued('900000000000003'), { timeout: 10_000 }).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await delivered('900000000000003')).toHaveLength(1);
  });

  it('takers running at once (as on several instances) fetch and take in each lead once', async () => {
    const ids = ['900000000000011', '900000000000012', '900000000000013', '900000000000014'];
    for (const [i, id] of ids.entries())
      graph.leads.set(id, {
        pageId: PAGE,
        formId: FORM,
        createdTime: '2026-11-29T10:30:00+0000',
        fields: { full_name: `Cora ${i}`, email: `cora${i}@example.com` },
      });
    graph.slow(150);
    try {
      const fetcher = app.server.app.get(FacebookLeadFetcher);
      const before = graph.calls.length;
      expect((await deliver(leadgenBody(PAGE, ...ids))).body).toEqual({ message: 'Received', leads: 4 });
      await Promise.all([fetcher.sweep(), fetcher.sweep(), fetcher.sweep(), fetcher.sweep()]);
      for (const id of ids) expect((await deliveredOnce(id)).created).toBe(true);
      const leadCalls = graph.calls.slice(before).filter((c) => ids.some((id) => c.endsWith(`/${id}`)));
      expect(leadCalls.sort()).toEqual(ids.map((id) => `/v22.0/${id}`).sort());
    } finally {
      graph.slow(0);
    }
    for (const id of ids) expect(await delivered(id)).toHaveLength(1);
  });

  it('an expired page token → the page shows "reconnect" with Meta’s words; reconnecting lets the waiting lead through', async () => {
    graph.leads.set('900000000000004', {
      pageId: PAGE,
      formId: FORM,
      createdTime: '2026-11-29T12:00:00+0000',
      fields: { full_name: 'Ed Expired', email: 'ed@example.com' },
    });
    graph.expire(TOKEN);
    expect((await deliver(leadgenBody(PAGE, '900000000000004'))).status).toBe(200);
    const page = await until('the page marked for reconnection', async () => {
      await settle(app.server);
      const r = await brokerC.get('/api/dashboard/facebook/pages');
      const p = (r.body.pages as { pageId: string; status: string; problem: string | null }[]).find((x) => x.pageId === PAGE);
      return p?.status === 'reconnect' ? p : null;
    });
    expect(page.problem).toContain('Session has expired');
    const forms = await brokerC.get(`/api/dashboard/facebook/pages/${PAGE}/forms`);
    expect(forms.status).toBe(409);
    expect(forms.body.message).toContain('Session has expired');
    // The broker pastes a fresh token.
    const fresh = 'EAAGm0PX4ZCpsBAFreshPageTokenForTheDemoOffice';
    graph.pages.get(PAGE)!.token = fresh;
    expect((await brokerC.post('/api/dashboard/facebook/pages', { pageId: PAGE, accessToken: fresh })).status).toBe(201);
    await app.server.runtime.db.pool.query(`UPDATE facebook_lead_queue SET next_attempt_at = now() WHERE leadgen_id = '900000000000004'`);
    const d = await deliveredOnce('900000000000004');
    expect(d.created).toBe(true);
    await settle(app.server);
    const after = await brokerC.get('/api/dashboard/facebook/pages');
    expect(after.body.pages.find((x: { pageId: string }) => x.pageId === PAGE)).toMatchObject({ status: 'connected', problem: null });
  });

  it('forms are listed through the Graph API with their source, which the broker renames; the next lead is filed under it', async () => {
    const forms = await brokerC.get(`/api/dashboard/facebook/pages/${PAGE}/forms`);
    expect(forms.status, forms.text).toBe(200);
    expect(forms.body).toEqual({
      forms: [{ formId: FORM, name: 'Free home valuation', status: 'ACTIVE', source: 'Facebook: Free home valuation', named: false }],
    });
    expect((await brokerC.request('PUT', `/api/dashboard/facebook/pages/${PAGE}/forms/${FORM}`, { json: { source: 'FB Sellers' } })).status).toBe(204);
    expect((await brokerC.request('PUT', `/api/dashboard/facebook/pages/${PAGE}/forms/${FORM}`, { json: { source: ' ' } })).body).toEqual({
      message: 'source is required',
    });
    expect((await brokerC.get(`/api/dashboard/facebook/pages/${PAGE}/forms`)).body.forms[0]).toMatchObject({ source: 'FB Sellers', named: true });
    graph.leads.set('900000000000005', {
      pageId: PAGE,
      formId: FORM,
      createdTime: '2026-11-29T13:00:00+0000',
      fields: { full_name: 'Nina Named', email: 'nina@example.com' },
    });
    await deliver(leadgenBody(PAGE, '900000000000005'));
    expect((await deliveredOnce('900000000000005')).source).toBe('FB Sellers');
  });

  it('the lead-flow screen offers a rule for every form of the connected pages as last listed, asking Facebook nothing; "Refresh forms" lists them again', async () => {
    const forms = graph.pages.get(PAGE)!.forms;
    forms.push({ id: '2001000000000002', name: 'Buyer consult' });
    try {
      const before = graph.calls.length;
      const flow = await brokerC.get('/api/dashboard/lead-flow');
      expect(flow.status, flow.text).toBe(200);
      expect(flow.body.sources).toContain('FB Sellers');
      expect(flow.body.sources).not.toContain('Facebook: Buyer consult');
      expect(flow.body.sources).not.toContain('Facebook: Open house RSVP');
      expect(graph.calls.length).toBe(before);

      const refreshed = await brokerC.post('/api/dashboard/lead-flow/forms');
      expect(refreshed.status, refreshed.text).toBe(200);
      expect(refreshed.body.sources).toEqual(expect.arrayContaining(['FB Sellers', 'Facebook: Buyer consult']));
      expect(refreshed.body.sources).not.toContain('Facebook: Open house RSVP');

      const after = graph.calls.length;
      const again = await brokerC.get('/api/dashboard/lead-flow');
      expect(again.body.sources).toEqual(expect.arrayContaining(['FB Sellers', 'Facebook: Buyer consult']));
      expect(graph.calls.length).toBe(after);
    } finally {
      forms.pop();
    }
  });

  it('a lead through a form not yet listed puts its source on the lead flow without a refresh', async () => {
    const forms = graph.pages.get(PAGE)!.forms;
    forms.push({ id: '2001000000000003', name: 'Spring open house' });
    try {
      graph.leads.set('900000000000031', {
        pageId: PAGE,
        formId: '2001000000000003',
        createdTime: '2026-11-29T16:00:00+0000',
        fields: { full_name: 'Sam Spring', email: 'sam.spring@example.com' },
      });
      await deliver(leadgenBody(PAGE, '900000000000031'));
      expect((await deliveredOnce('900000000000031')).source).toBe('Facebook: Spring open house');
      await settle(app.server);
      const before = graph.calls.length;
      expect((await brokerC.get('/api/dashboard/lead-flow')).body.sources).toContain('Facebook: Spring open house');
      expect(graph.calls.length).toBe(before);
    } finally {
      forms.pop();
    }
  });

  it('"Refresh forms" while Facebook is down → 503 with why; the forms last listed stay; an agent is refused', async () => {
    graph.failNext(1);
    const res = await brokerC.post('/api/dashboard/lead-flow/forms');
    expect(res).toMatchObject({ status: 503, body: { message: 'Facebook could not list the forms of the page Demo Realty; please try again in a moment' } });
    expect((await brokerC.get('/api/dashboard/lead-flow')).body.sources).toContain('FB Sellers');
    const agent = await signIn(app.server, demoUser('agent').email, 'demo.localhost');
    expect((await agent.post('/api/dashboard/lead-flow/forms')).status).toBe(403);
  });

  it("another office's page does not cross: its leads go to its office, its forms and pages are not ours, and it cannot be taken over", async () => {
    expect((await otherC.post('/api/dashboard/facebook/pages', { pageId: OTHER_PAGE, accessToken: OTHER_TOKEN })).status).toBe(201);
    // The demo broker cannot take the page, read its forms, rename them or disconnect it.
    expect(await brokerC.post('/api/dashboard/facebook/pages', { pageId: OTHER_PAGE, accessToken: OTHER_TOKEN })).toMatchObject({
      status: 409,
      body: { message: 'This Facebook page is connected to another office' },
    });
    expect((await brokerC.get(`/api/dashboard/facebook/pages/${OTHER_PAGE}/forms`)).status).toBe(404);
    expect((await brokerC.request('PUT', `/api/dashboard/facebook/pages/${OTHER_PAGE}/forms/2001000000000009`, { json: { source: 'Mine' } })).status).toBe(404);
    expect((await brokerC.delete(`/api/dashboard/facebook/pages/${OTHER_PAGE}`)).status).toBe(404);
    graph.leads.set('900000000000006', {
      pageId: OTHER_PAGE,
      formId: '2001000000000009',
      createdTime: '2026-11-29T14:00:00+0000',
      fields: { full_name: 'Otto Other', email: 'otto@example.com' },
    });
    await deliver(leadgenBody(OTHER_PAGE, '900000000000006'));
    const d = await deliveredOnce('900000000000006');
    expect(d.officeId).toBe(other.officeId);
    await settle(app.server);
    expect((await brokerC.get(`/api/dashboard/leads/${d.leadId}`)).status).toBe(404);
    expect((await otherC.get(`/api/dashboard/leads/${d.leadId}`)).text).toContain('Otto Other');
    const ours = await brokerC.get('/api/dashboard/facebook/pages');
    expect(ours.body.pages.map((p: { pageId: string }) => p.pageId)).toEqual([PAGE]);
  });

  it('answers with a phone and no e-mail make a lead, once', async () => {
    graph.leads.set('900000000000008', {
      pageId: PAGE,
      formId: FORM,
      createdTime: '2026-11-29T15:00:00+0000',
      fields: { full_name: 'Polly Phone', phone_number: '+15550109999' },
    });
    expect((await deliver(leadgenBody(PAGE, '900000000000008'))).status).toBe(200);
    const d = await deliveredOnce('900000000000008');
    expect(d.created).toBe(true);
    await settle(app.server);
    const { rows } = await app.server.runtime.db.pool.query<{ lead_id: string }>("SELECT lead_id FROM lead_feed WHERE phone = '5550109999'");
    expect(rows.map((r) => r.lead_id)).toEqual([d.leadId]);
  });

  it('answers that cannot make a lead (no e-mail, no phone) are given up with why, shown to staff among the failed messages, and can be sent again', async () => {
    graph.leads.set('900000000000007', {
      pageId: PAGE,
      formId: FORM,
      createdTime: '2026-11-29T15:00:00+0000',
      fields: { full_name: 'Nora Nocontact', phone_number: 'ask me', when_do_you_want_to_move: '5550101234' },
    });
    expect((await deliver(leadgenBody(PAGE, '900000000000007'))).status).toBe(200);
    const row = await until('the lead given up', async () => {
      const r = await queued('900000000000007');
      return r?.state === 'failed' ? r : null;
    });
    expect(row.last_error).toBe(INTAKE_MESSAGES.phone);
    const staff = await signIn(app.server, demoUser('staff').email, 'demo.localhost');
    const failed = await staff.get('/api/backoffice/outboxes/failed');
    const outbox = failed.body.outboxes.find((o: { name: string }) => o.name === 'facebook-leads');
    expect(outbox).toMatchObject({ total: 1, failed: [{ id: '900000000000007', reason: INTAKE_MESSAGES.phone }] });
    expect(JSON.stringify(failed.body)).not.toContain('Nocontact');
    // The person's e-mail is added to the form on Facebook's side; staff send it again.
    graph.leads.get('900000000000007')!.fields.email = 'polly@example.com';
    expect((await staff.post('/api/backoffice/outboxes/facebook-leads/900000000000007/send-again')).status).toBeLessThan(300);
    expect((await deliveredOnce('900000000000007')).created).toBe(true);
  });

  it('a lead of a page no office connected is kept, given up with why, and fetches nothing', async () => {
    const before = graph.calls.length;
    expect((await deliver(leadgenBody('104857600000999', '900000000000021'))).status).toBe(200);
    const row = await until('the lead given up', async () => {
      const r = await queued('900000000000021');
      return r?.state === 'failed' ? r : null;
    });
    expect(row.last_error).toBe(NO_SUCH_PAGE);
    expect(graph.calls.length).toBe(before);
    expect(await delivered('900000000000021')).toEqual([]);
  });

  it('the back-office counts leads per form and per day (staff only); an agent cannot connect pages', async () => {
    await settle(app.server);
    const staff = await signIn(app.server, demoUser('staff').email, 'demo.localhost');
    const stats = await staff.get('/api/backoffice/facebook-leads?days=366');
    expect(stats.status, stats.text).toBe(200);
    const form = stats.body.forms.find((f: { formId: string }) => f.formId === FORM);
    expect(form).toMatchObject({ pageId: PAGE, officeId: broker.userId, leads: 10, source: 'FB Sellers' });
    expect(stats.body.perDay).toContainEqual({ day: '2026-11-29', formId: FORM, leads: 10 });
    expect((await brokerC.get('/api/backoffice/facebook-leads')).status).toBe(403);
    const agent = await signIn(app.server, demoUser('agent').email, 'demo.localhost');
    expect(await agent.post('/api/dashboard/facebook/pages', { pageId: PAGE, accessToken: TOKEN })).toMatchObject({
      status: 403,
      body: { message: "Only a broker connects their office's Facebook pages" },
    });
  });
});
