import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { INTAKE_MESSAGES } from '../../src/modules/integrations/intake-lead/lead-intake.service';
import { demoUser, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { MAILGUN_KEY as KEY, mailgunForm, REPLY_DOMAIN as DOMAIN } from '../support/mailgun-stand-in';
import { WebClient } from '../support/web-client';

const broker = demoUser('broker');

type Flow = { intakeEmail: string; intakeUrl: string };

/** A person known only by a phone number becomes a lead through every intake path, one lead per number however it is written. */
describe('phone-only leads through the API, the intake URL, the intake address and the unread list', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let brokerC: WebClient;
  let key: string;
  let flow: Flow;
  const outside = () => WebClient.for(server.url, 'localhost');

  beforeAll(async () => {
    fixture = await startDashboardServer({ MAILGUN_WEBHOOK_SIGNING_KEY: KEY, INBOUND_EMAIL_DOMAIN: DOMAIN });
    server = fixture.server;
    brokerC = await signIn(server, broker.email, 'demo.localhost');
    key = ((await brokerC.post('/api/dashboard/api-keys', { name: 'Dialer' })).body as { key: string }).key;
    for (const channel of ['email', 'url']) await brokerC.post('/api/dashboard/lead-flow/tokens', { channel });
    flow = (await brokerC.get('/api/dashboard/lead-flow')).body as Flow;
  });
  afterAll(async () => fixture?.stop());

  const v1 = (body: unknown) => outside().post('/api/v1/leads', body, { headers: { authorization: `Bearer ${key}` }, origin: null });
  const toUrl = (body: unknown) => outside().post(new URL(flow.intakeUrl).pathname, body, { origin: null });
  const mail = (fields: Record<string, string>) => fetch(`${server.url}/api/inbound/email`, { method: 'POST', body: mailgunForm(fields) });
  const person = (phone: string, extra: Record<string, unknown> = {}) => ({ firstName: 'Phil', lastName: 'Phone', emails: [], phones: [phone], ...extra });
  const rowsByPhone = async (phone: string) =>
    (await fixture.db.pool.query<{ lead_id: string; phone: string; email: string }>('SELECT lead_id, phone, email FROM lead_feed WHERE phone = $1', [phone]))
      .rows;

  it('API v1: a phone-only person → 201 a lead; the same number written another way → 200 the same lead; the e-mail list stays empty', async () => {
    const first = await v1({ source: 'Dialer', person: person('(555) 010-4242'), message: 'Call me back' });
    expect(first.status, first.text).toBe(201);
    const again = await v1({ source: 'Dialer', person: person('+1 555-010-4242'), message: 'Second call' });
    expect(again).toMatchObject({ status: 200, body: { leadId: first.body.leadId, created: false } });
    await settle(server);
    const got = await outside().get(`/api/v1/leads/${first.body.leadId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(got.body).toMatchObject({ fullName: 'Phil Phone', emails: [], phones: ['5550104242'] });
    expect(await rowsByPhone('5550104242')).toHaveLength(1);
  });

  it('API v1: another country’s number with + or 00 is one person in E.164; written without either it is no North American number (400)', async () => {
    const first = await v1({ source: 'Dialer', person: person('0044 20 7946 0958') });
    expect(first.status, first.text).toBe(201);
    expect(await v1({ source: 'Dialer', person: person('+44 20 7946 0958') })).toMatchObject({
      status: 200,
      body: { leadId: first.body.leadId, created: false },
    });
    const got = await outside().get(`/api/v1/leads/${first.body.leadId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(got.body).toMatchObject({ phones: ['+442079460958'] });
    expect(await v1({ source: 'Dialer', person: person('44 20 7946 0958') })).toMatchObject({ status: 400, body: { message: INTAKE_MESSAGES.phone } });
  });

  it('API v1: neither a valid e-mail nor a valid phone → 400 with the inquiry form’s words', async () => {
    expect(await v1({ source: 'Dialer', person: { emails: [], phones: ['555'] } })).toMatchObject({ status: 400, body: { message: INTAKE_MESSAGES.phone } });
    expect(await v1({ source: 'Dialer', person: { emails: ['not-mail'], phones: [] } })).toMatchObject({
      status: 400,
      body: { message: INTAKE_MESSAGES.email },
    });
    expect(await v1({ source: 'Dialer', person: { fullName: 'No One', emails: [], phones: [] } })).toMatchObject({
      status: 400,
      body: { message: INTAKE_MESSAGES.needsContact },
    });
  });

  it('the intake URL: a phone-only delivery → 201 a lead, the same number again (any writing) the same lead; nothing kept unread', async () => {
    const res = await toUrl({ source: 'Zillow', type: 'Buyer', person: person('555.010.5151'), message: 'Tour Saturday?', externalId: 'z-phone-1' });
    expect(res.status, res.text).toBe(201);
    const again = await toUrl({ source: 'Trulia', person: person('1 (555) 010 5151'), message: 'Still there?' });
    expect(again).toMatchObject({ status: 200, body: { leadId: res.body.leadId, created: false } });
    await settle(server);
    expect((await rowsByPhone('5550105151')).map((r) => r.lead_id)).toEqual([res.body.leadId]);
    expect((await brokerC.get('/api/dashboard/lead-flow/unread')).body.deliveries).toEqual([]);
  });

  it('the intake address: a lead e-mail with only a phone becomes a lead (not kept unread)', async () => {
    const res = await mail({
      recipient: flow.intakeEmail,
      from: 'Leads <leads@portal.example>',
      subject: 'New lead',
      'body-plain': JSON.stringify({ source: 'Homes.com', person: person('555-010-6161'), message: 'Mailed lead', externalId: 'mail-phone-1' }),
      'Message-Id': '<phone-1@portal.example>',
      'message-headers': JSON.stringify([
        ['X-Mailgun-Spf', 'Pass'],
        ['X-Mailgun-Dkim-Check-Result', 'Pass'],
      ]),
    });
    expect(res.status).toBe(200);
    expect((await brokerC.get('/api/dashboard/lead-flow/unread')).body.deliveries).toEqual([]);
    await settle(server);
    expect(await rowsByPhone('5550106161')).toHaveLength(1);
  });

  it('an unread delivery is made a lead by hand with a phone and no e-mail', async () => {
    expect((await toUrl({ ref: 'odd-1', caller: '555 010 7171' })).status).toBe(422);
    const [kept] = (await brokerC.get('/api/dashboard/lead-flow/unread')).body.deliveries as { deliveryId: string }[];
    const made = await brokerC.post(`/api/dashboard/lead-flow/unread/${kept!.deliveryId}/lead`, { source: 'Zillow', firstName: 'Una', phone: '555 010 7171' });
    expect(made.status, made.text).toBe(201);
    await settle(server);
    expect((await rowsByPhone('5550107171')).map((r) => r.lead_id)).toEqual([made.body.leadId]);
  });
});
