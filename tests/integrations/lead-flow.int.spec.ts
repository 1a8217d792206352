import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { LEAD_FLOW_MESSAGES } from '../../src/contract/routes/lead-flow';
import { UNKNOWN_INTAKE_URL } from '../../src/modules/integrations/portal-intake/intake-url.http';
import { UNKNOWN_DELIVERY as UNKNOWN_SHAPE } from '../../src/modules/portal-parsers';
import { demoUser, type Office, registerOffice, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { MAILGUN_KEY as KEY, mailgunForm, REPLY_DOMAIN as DOMAIN } from '../support/mailgun-stand-in';
import { WebClient } from '../support/web-client';

const broker = demoUser('broker');
const jane = demoUser('agent');
const alex = demoUser('agent2');

type Flow = { intakeEmail: string; intakeUrl: string; rules: unknown[]; sources: string[]; plans: { planId: string }[] };
/** The office's intake address and URL, made by the broker (reading the lead flow makes none). */
async function makeTokens(c: WebClient): Promise<void> {
  for (const channel of ['email', 'url']) expect((await c.post('/api/dashboard/lead-flow/tokens', { channel })).status).toBe(200);
}
type Placement = { type: string; data: { agentId?: string; officeId: string | null; rule?: string; planId?: string } };

/** Issue 31 parts 3 to 5: the lead flow routes by source, the intake URL and address take leads in, the unread ones are kept. */
describe('lead flow, intake URL and intake address', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let brokerC: WebClient;
  let flow: Flow;
  let planId: string;
  let other: Office;
  const outside = () => WebClient.for(server.url, 'localhost');

  beforeAll(async () => {
    fixture = await startDashboardServer({ MAILGUN_WEBHOOK_SIGNING_KEY: KEY, INBOUND_EMAIL_DOMAIN: DOMAIN });
    server = fixture.server;
    brokerC = await signIn(server, broker.email, 'demo.localhost');
    const plan = await brokerC.post('/api/dashboard/plans', { scope: 'office', name: 'Zillow nurture', steps: [{ kind: 'add-tag', tag: 'zillow-plan' }] });
    expect(plan.status, plan.text).toBe(201);
    planId = plan.body.planId as string;
    other = await registerOffice(server, 'otheroffice', 1);
    await settle(server);
    await makeTokens(brokerC);
    const got = await brokerC.get('/api/dashboard/lead-flow');
    expect(got.status, got.text).toBe(200);
    flow = got.body as Flow;
  });
  afterAll(async () => fixture?.stop());

  const pathOf = (url: string) => new URL(url).pathname;
  const deliver = (url: string, body: unknown) => outside().post(pathOf(url), body, { origin: null });
  const delivery = (email: string, source: string, extra: Record<string, unknown> = {}) => ({
    source,
    type: 'Buyer',
    person: { firstName: 'Pat', lastName: 'Portal', emails: [email], phones: [] },
    message: `From ${source}`,
    ...extra,
  });
  /** The lead's first placement by the router (LeadAssigned or LeadPutInPond). */
  const placement = async (leadId: string): Promise<Placement> => {
    for (let i = 0; i < 400; i++) {
      const e = (await server.runtime.store.readStream(`lead-${leadId}`)).find((x) => x.type === 'LeadAssigned' || x.type === 'LeadPutInPond');
      if (e) return e as unknown as Placement;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`lead ${leadId} was not placed`);
  };

  it("a new office has its intake address and URL from the broker's first look, made once; later looks and saves keep them, the button replaces one", async () => {
    const fresh = await registerOffice(server, 'pureoffice', 1);
    const freshC = await signIn(server, fresh.brokerEmail, 'pureoffice.localhost');
    const logged = async () => (await server.runtime.store.readStream(`leadflow-${fresh.officeId}`)).length;
    expect(await logged()).toBe(0);
    const first = (await freshC.get('/api/dashboard/lead-flow')).body;
    expect(first).toMatchObject({
      intakeEmail: expect.stringMatching(/^[0-9a-f]{32}@/),
      intakeUrl: expect.stringMatching(/\/api\/inbound\/leads\/[0-9a-f]{32}$/),
    });
    // Before its first lead, the office can already route the portals' (Zillow's Tech Connect too).
    expect(first.sources).toEqual(expect.arrayContaining(['Zillow', 'Trulia', 'Realtor.com']));
    const made = await logged();
    // The URL takes a lead at once.
    const delivered = await WebClient.for(server.url).request('POST', new URL(first.intakeUrl).pathname, {
      json: {
        source: 'Open House Sign-in',
        type: 'General Inquiry',
        person: { firstName: 'Ida', lastName: 'Intake', emails: [{ value: 'ida.intake@example.com' }] },
      },
    });
    expect(delivered.status, delivered.text).toBe(201);
    for (let i = 0; i < 2; i++)
      expect((await freshC.get('/api/dashboard/lead-flow')).body).toMatchObject({ intakeEmail: first.intakeEmail, intakeUrl: first.intakeUrl });
    expect(await logged()).toBe(made);
    const saved = await freshC.request('PUT', '/api/dashboard/lead-flow', { json: { rules: [] } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ intakeEmail: first.intakeEmail, intakeUrl: first.intakeUrl });
    const replaced = await freshC.post('/api/dashboard/lead-flow/tokens', { channel: 'email' });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ intakeEmail: expect.stringMatching(/^[0-9a-f]{32}@/), intakeUrl: first.intakeUrl });
    expect(replaced.body.intakeEmail).not.toBe(first.intakeEmail);
  });

  it('is the broker’s: an agent is refused 403; the broker sees the intake address and URL (the same on each visit) and the known portals', async () => {
    const janeC = await signIn(server, jane.email, 'demo.localhost');
    expect(await janeC.get('/api/dashboard/lead-flow')).toMatchObject({ status: 403, body: { message: LEAD_FLOW_MESSAGES.brokersOnly } });
    expect((await janeC.request('PUT', '/api/dashboard/lead-flow', { json: { rules: [] } })).status).toBe(403);
    expect(flow.intakeEmail).toMatch(new RegExp(`^[0-9a-f]{32}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(flow.intakeUrl).toMatch(/\/api\/inbound\/leads\/[0-9a-f]{32}$/);
    expect(flow.sources).toEqual(expect.arrayContaining(['Zillow', 'Realtor.com', 'Homes.com', 'Google Ads']));
    expect(flow.plans.map((p) => p.planId)).toContain(planId);
    const again = (await brokerC.get('/api/dashboard/lead-flow')).body as Flow;
    expect([again.intakeEmail, again.intakeUrl]).toEqual([flow.intakeEmail, flow.intakeUrl]);
  });

  it('refuses rules naming nobody of the office, another office’s agent, or a plan not the office’s (400 {message})', async () => {
    const put = (rules: unknown[]) => brokerC.request('PUT', '/api/dashboard/lead-flow', { json: { rules } });
    expect((await put([{ source: 'Zillow', assignTo: 'somebody', actionPlanId: null }])).status).toBe(400);
    expect(await put([{ source: 'Zillow', assignTo: other.agents[0]!.userId, actionPlanId: null }])).toMatchObject({
      status: 400,
      body: { message: LEAD_FLOW_MESSAGES.notInOffice },
    });
    expect(await put([{ source: 'Zillow', assignTo: 'pond', actionPlanId: other.officeId }])).toMatchObject({
      status: 400,
      body: { message: LEAD_FLOW_MESSAGES.plan },
    });
  });

  it('routes a new lead by its source: Zillow → the agent named with the plan started, Realtor.com → the pond, Homes.com → round robin, others → the default', async () => {
    const alexId = alex.userId;
    const put = await brokerC.request('PUT', '/api/dashboard/lead-flow', {
      json: {
        rules: [
          { source: 'Zillow', assignTo: alexId, actionPlanId: planId },
          { source: 'Realtor.com', assignTo: 'pond', actionPlanId: null },
          { source: 'Homes.com', assignTo: 'round-robin', actionPlanId: null },
        ],
        defaultRule: { assignTo: alexId, actionPlanId: null },
      },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.rules).toHaveLength(3);
    expect(put.body.defaultRule).toEqual({ assignTo: alexId, actionPlanId: null });

    const z = await deliver(flow.intakeUrl, delivery('zed@example.com', 'Zillow', { externalId: 'z-100' }));
    expect(z.status, z.text).toBe(201);
    expect(await placement(z.body.leadId as string)).toMatchObject({ type: 'LeadAssigned', data: { agentId: alexId, rule: 'lead-flow', planId } });
    await settle(server);
    for (let i = 0; i < 200; i++) {
      const plans = await brokerC.get(`/api/dashboard/plans/leads/${z.body.leadId}`);
      if ((plans.body?.enrolments ?? []).some((e: { planId: string }) => e.planId === planId)) break;
      if (i === 199) throw new Error('the plan did not start');
      await new Promise((r) => setTimeout(r, 25));
    }

    const r = await deliver(flow.intakeUrl, delivery('rita@example.com', 'Realtor.com'));
    expect(r.status, r.text).toBe(201);
    expect(await placement(r.body.leadId as string)).toMatchObject({ type: 'LeadPutInPond' });

    const h = await deliver(flow.intakeUrl, delivery('hank@example.com', 'Homes.com'));
    expect(await placement(h.body.leadId as string)).toMatchObject({ type: 'LeadAssigned', data: { rule: 'round-robin' } });

    const t = await deliver(flow.intakeUrl, delivery('tom@example.com', 'Trulia'));
    expect(await placement(t.body.leadId as string)).toMatchObject({ type: 'LeadAssigned', data: { agentId: alexId, rule: 'lead-flow' } });
  });

  it('Zillow Tech Connect: its lead event is a Zillow buyer lead routed by the Zillow rule, property and message on the timeline, a retried post applied once', async () => {
    const put = await brokerC.request('PUT', '/api/dashboard/lead-flow', {
      json: { rules: [{ source: 'Zillow', assignTo: jane.userId, actionPlanId: planId }], defaultRule: { assignTo: alex.userId, actionPlanId: null } },
    });
    expect(put.status, put.text).toBe(200);
    const event = JSON.parse(readFileSync(join(__dirname, '../../src/modules/portal-parsers/fixtures/zillow-tech-connect-event.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const [a, b] = await Promise.all([deliver(flow.intakeUrl, event), deliver(flow.intakeUrl, event)]);
    expect(a.status, a.text).toBe(201);
    expect(b.body).toEqual(a.body);
    const leadId = a.body.leadId as string;
    expect(await placement(leadId)).toMatchObject({ type: 'LeadAssigned', data: { agentId: jane.userId, rule: 'lead-flow', planId } });
    expect(await deliver(flow.intakeUrl, event)).toMatchObject({ status: 201, body: { leadId, created: true } });
    await settle(server);
    const lead = await brokerC.get(`/api/dashboard/leads/${leadId}`);
    expect(lead.status, lead.text).toBe(200);
    expect(lead.body.lead).toMatchObject({ source: 'Zillow', leadType: 'Buyer' });
    const inquiries = (await server.runtime.store.readStream(`lead-${leadId}`)).filter((e) => e.type === 'InquirySubmitted');
    expect(inquiries).toHaveLength(1);
    const timeline = (lead.body.timeline as { type: string; summary: string }[]).find((t) => t.type === 'InquirySubmitted')!;
    expect(timeline.summary).toMatch(/^Buyer inquiry: I am interested in .* Could we tour it this week\? Property: 2114 Bigelow Ave N, Seattle, WA 98109 /);
    // The timeline line is clipped; the inquiry keeps the whole of it.
    expect((inquiries[0]!.data as { message: string }).message.split('\n').slice(1)).toEqual([
      'Property: 2114 Bigelow Ave N, Seattle, WA 98109',
      'MLS #: 2301234',
      'Price: $1,295,000',
      'Listing: https://www.zillow.com/homedetails/2114-Bigelow-Ave-N-Seattle-WA-98109/00000000_zpid/',
    ]);

    // Zillow's program named as the source is still the Zillow rule's lead; a seller inquiry is a seller.
    const flex = { ...event, source: 'Zillow Flex', type: 'Seller Inquiry', person: { firstName: 'Sol', emails: [{ value: 'sol.seller@example.com' }] } };
    const s = await deliver(flow.intakeUrl, flex);
    expect(s.status, s.text).toBe(201);
    expect(await placement(s.body.leadId as string)).toMatchObject({ data: { agentId: jane.userId, rule: 'lead-flow' } });
    await settle(server);
    expect((await brokerC.get(`/api/dashboard/leads/${s.body.leadId}`)).body.lead).toMatchObject({ source: 'Zillow', leadType: 'Seller' });
  });

  it('takes each lead once by the sender’s id, also for a retried delivery at the same moment', async () => {
    const body = delivery('once@example.com', 'Zillow', { externalId: 'z-777' });
    const [a, b] = await Promise.all([deliver(flow.intakeUrl, body), deliver(flow.intakeUrl, body)]);
    expect(a.body).toEqual(b.body);
    const c = await deliver(flow.intakeUrl, { ...body, message: 'retried' });
    expect(c.body).toEqual(a.body);
    await settle(server);
    const { rows } = await fixture.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM lead_feed WHERE email = 'once@example.com'");
    expect(rows[0]!.n).toBe(1);
  });

  it('an unknown shape is 422 {message} and kept for the broker, once; made into a lead by hand it leaves the list; another is dismissed', async () => {
    const odd = { ref: 'x-1', contact: { mail: 'odd@example.com' }, note: 'call me about 12 Elm St' };
    const first = await deliver(flow.intakeUrl, odd);
    expect(first).toMatchObject({ status: 422, body: { message: UNKNOWN_SHAPE } });
    expect((await deliver(flow.intakeUrl, odd)).status).toBe(422);
    expect((await deliver(flow.intakeUrl, { nothing: true })).status).toBe(422);
    const unread = (await brokerC.get('/api/dashboard/lead-flow/unread')).body.deliveries as {
      deliveryId: string;
      text: string;
      reason: string;
      prefill: { email: string };
    }[];
    expect(unread).toHaveLength(2);
    const kept = unread.find((d) => d.text.includes('odd@example.com'))!;
    expect(kept).toMatchObject({ reason: UNKNOWN_SHAPE, prefill: { email: 'odd@example.com' } });
    // The words kept are personal: sealed in the log, opened for the broker.
    const { rows: raw } = await fixture.db.pool.query<{ data: Record<string, unknown> }>("SELECT data FROM events WHERE type = 'IntakeDeliveryKept'");
    expect(raw.map((r) => String(r.data.text).slice(0, 5))).toEqual(['pii1:', 'pii1:']);
    expect(JSON.stringify(raw)).not.toContain('odd@example.com');

    const made = await brokerC.post(`/api/dashboard/lead-flow/unread/${kept.deliveryId}/lead`, {
      source: 'Zillow',
      firstName: 'Odd',
      email: 'odd@example.com',
      message: 'by hand',
    });
    expect(made.status, made.text).toBe(201);
    expect(await placement(made.body.leadId as string)).toMatchObject({ data: { rule: 'lead-flow', planId } });
    expect((await brokerC.post(`/api/dashboard/lead-flow/unread/${kept.deliveryId}/lead`, { source: 'Zillow', email: 'odd@example.com' })).status).toBe(404);
    const rest = (await brokerC.get('/api/dashboard/lead-flow/unread')).body.deliveries as { deliveryId: string }[];
    expect(rest).toHaveLength(1);
    expect((await brokerC.delete(`/api/dashboard/lead-flow/unread/${rest[0]!.deliveryId}`)).status).toBe(204);
    expect((await brokerC.get('/api/dashboard/lead-flow/unread')).body.deliveries).toEqual([]);
    expect((await brokerC.delete(`/api/dashboard/lead-flow/unread/${rest[0]!.deliveryId}`)).status).toBe(409);
  });

  it('another office’s token makes leads in that office only; a revoked or unknown token is 404', async () => {
    const otherC = await signIn(server, other.brokerEmail, 'otheroffice.localhost');
    await makeTokens(otherC);
    const theirs = (await otherC.get('/api/dashboard/lead-flow')).body as Flow;
    expect(theirs.intakeUrl).not.toBe(flow.intakeUrl);
    const res = await deliver(theirs.intakeUrl, delivery('theirs@example.com', 'Zillow'));
    expect(res.status, res.text).toBe(201);
    expect((await placement(res.body.leadId as string)).data.officeId).toBe(other.officeId);

    const renewed = await otherC.post('/api/dashboard/lead-flow/tokens', { channel: 'url' });
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.intakeUrl).not.toBe(theirs.intakeUrl);
    expect(renewed.body.intakeEmail).toBe(theirs.intakeEmail);
    expect(await deliver(theirs.intakeUrl, delivery('late@example.com', 'Zillow'))).toMatchObject({ status: 404, body: { message: UNKNOWN_INTAKE_URL } });
    expect((await deliver(renewed.body.intakeUrl as string, delivery('late@example.com', 'Zillow'))).status).toBe(201);
    expect((await outside().post('/api/inbound/leads/0123456789abcdef0123456789abcdef', delivery('x@example.com', 'Zillow'), { origin: null })).status).toBe(
      404,
    );
    expect((await outside().post('/api/inbound/leads/not-a-token', {}, { origin: null })).status).toBe(404);
  });

  it('bounds the body (413) and the pace per token (429 {message})', async () => {
    const big = await deliver(flow.intakeUrl, { ...delivery('big@example.com', 'Zillow'), message: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(413);
    const token = 'f'.repeat(32);
    let last = 0;
    for (let i = 0; i < 121 && last !== 429; i++) last = (await outside().post(`/api/inbound/leads/${token}`, {}, { origin: null })).status;
    expect(last).toBe(429);
  });

  it('the intake address: a lead e-mail becomes a lead; one that cannot be read is kept (200, never dropped) and made a lead by hand', async () => {
    const post = (fields: Record<string, string>) => fetch(`${server.url}/api/inbound/email`, { method: 'POST', body: mailgunForm(fields) });
    const readable = await post({
      recipient: flow.intakeEmail,
      from: 'Leads <leads@portal.example>',
      subject: 'New lead',
      'body-plain': JSON.stringify(delivery('mailed@example.com', 'Zillow', { externalId: 'mail-1' })),
      'Message-Id': '<lead-1@portal.example>',
      'message-headers': JSON.stringify([
        ['X-Mailgun-Spf', 'Pass'],
        ['X-Mailgun-Dkim-Check-Result', 'Pass'],
      ]),
    });
    expect(readable.status, await readable.clone().text()).toBe(200);
    await settle(server);
    const { rows } = await fixture.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM lead_feed WHERE email = 'mailed@example.com'");
    expect(rows[0]!.n).toBe(1);

    const fields = {
      recipient: flow.intakeEmail,
      from: 'Homes <leads@homes.example>',
      subject: 'You have a new buyer lead!',
      'body-plain': 'Name: Mia Mailer\nEmail: mia@example.com\nPhone: (555) 123-4567\nI want to see 4 Oak Ave',
      'Message-Id': '<unreadable-1@homes.example>',
    };
    const kept = await post(fields);
    expect(kept.status).toBe(200);
    expect((await post(fields)).status).toBe(200);
    const unread = (await brokerC.get('/api/dashboard/lead-flow/unread')).body.deliveries as {
      deliveryId: string;
      channel: string;
      from: string;
      subject: string;
      prefill: { email: string; phone: string };
    }[];
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({
      channel: 'email',
      from: 'leads@homes.example',
      subject: 'You have a new buyer lead!',
      prefill: { email: 'mia@example.com', phone: '(555) 123-4567' },
    });
    const made = await brokerC.post(`/api/dashboard/lead-flow/unread/${unread[0]!.deliveryId}/lead`, {
      source: 'Homes.com',
      firstName: 'Mia',
      lastName: 'Mailer',
      email: 'mia@example.com',
    });
    expect(made.status, made.text).toBe(201);
    expect((await brokerC.get('/api/dashboard/lead-flow/unread')).body.deliveries).toEqual([]);
  });
});
