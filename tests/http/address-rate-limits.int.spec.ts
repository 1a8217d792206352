import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_LIMIT } from '../../src/modules/accounts/contact-validation/contact-validation.http';
import { FORGOT_LIMIT } from '../../src/modules/accounts/password-reset/password.http';
import { CHAT_LIMIT } from '../../src/modules/conversation/chat/chat.http';
import { INQUIRY_LIMIT } from '../../src/modules/leads/submit-inquiry/inquiry.http';
import { newLead, settle, startDashboardServer } from '../support/dashboard-fixture';
import { WebClient } from '../support/web-client';
import { openedEventsOf } from '../support/events';

/** Behind our own proxy (TRUST_PROXY=1) each request names the visitor's address. */
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('open endpoints are rate limited per client address (429 {message}), counted in PostgreSQL', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  const visitor = () => WebClient.for(fixture.server.url, 'demo.localhost');

  beforeAll(async () => {
    fixture = await startDashboardServer({ TRUST_PROXY: '1' });
  });
  afterAll(async () => fixture?.stop());

  it(`inquiries and sign-ups: ${INQUIRY_LIMIT.limit} an hour per address, then 429 and no account`, async () => {
    const send = (i: number, address: string) =>
      visitor().post(
        '/api/account/inquiry',
        { FullName: 'Sam Script', Email: `script-${i}@example.com`, Phone: '2065550100', LeadType: 'Buyer' },
        from(address),
      );
    for (let i = 0; i < INQUIRY_LIMIT.limit; i++) expect((await send(i, '10.1.0.1')).status).toBe(200);
    expect(await send(999, '10.1.0.1')).toMatchObject({ status: 429, body: { message: INQUIRY_LIMIT.message } });
    // Counted before the body is read: a malformed inquiry from that address is refused for the rate, not for its shape.
    expect(await visitor().post('/api/account/inquiry', { Unknown: true }, from('10.1.0.1'))).toMatchObject({
      status: 429,
      body: { message: INQUIRY_LIMIT.message },
    });
    expect((await openedEventsOf(fixture.server.runtime.store, 'UserRegistered')).filter((e) => e.data.email === 'script-999@example.com')).toEqual([]);
    expect((await send(1000, '10.1.0.2')).status).toBe(200);
  });

  it(`forgot-password: ${FORGOT_LIMIT.limit} an hour per address, the same for real and unknown accounts`, async () => {
    for (let i = 0; i < FORGOT_LIMIT.limit; i++) {
      const res = await visitor().post('/api/account/forgotpassword', { Email: i % 2 ? 'lead@demo.test' : `nobody-${i}@example.com` }, from('10.2.0.1'));
      expect(res.status).toBe(200);
    }
    for (const Email of ['lead@demo.test', 'nobody@example.com']) {
      expect(await visitor().post('/api/account/forgotpassword', { Email }, from('10.2.0.1'))).toMatchObject({
        status: 429,
        body: { message: FORGOT_LIMIT.message },
      });
    }
    expect((await visitor().post('/api/account/forgotpassword', { Email: 'lead@demo.test' }, from('10.2.0.2'))).status).toBe(200);
  });

  it(`e-mail and phone checks: ${VALIDATION_LIMIT.limit} a minute per address`, async () => {
    for (let i = 0; i < VALIDATION_LIMIT.limit; i++) {
      const path = i % 2 ? `/api/contactinfo/validate/email/a${i}%40example.com` : `/api/contactinfo/validate/phone/206555${String(1000 + i)}`;
      expect((await visitor().get(path, from('10.3.0.1'))).status).toBe(200);
    }
    expect(await visitor().get('/api/contactinfo/validate/email/a%40example.com', from('10.3.0.1'))).toMatchObject({
      status: 429,
      body: { message: VALIDATION_LIMIT.message },
    });
    expect((await visitor().get('/api/contactinfo/validate/email/a%40example.com', from('10.3.0.2'))).body).toEqual({ isValid: true });
  });

  it(`chat messages: ${CHAT_LIMIT.limit} a minute per address`, async () => {
    const { client: lead } = await newLead(fixture.server, 'jane.localhost');
    await settle(fixture.server);
    for (let i = 0; i < CHAT_LIMIT.limit; i++)
      expect((await lead.post('/api/dashboard/chat/sendmessage', { text: `hello ${i}` }, from('10.4.0.1'))).status).toBe(200);
    expect(await lead.post('/api/dashboard/chat/sendmessage', { text: 'one more' }, from('10.4.0.1'))).toMatchObject({
      status: 429,
      body: { message: CHAT_LIMIT.message },
    });
    expect((await lead.post('/api/dashboard/chat/sendmessage', { text: 'from my phone' }, from('10.4.0.2'))).status).toBe(200);
  });
});
