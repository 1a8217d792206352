import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { SessionStore } from '../../src/modules/accounts';
import { backofficeWorld, castOf, signedIn } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

const ROUTES = ['/api/dev/mailbox', '/api/dev/sms'] as const;

/**
 * Issue 12 §1: the development mailbox and SMS outbox held password-reset links for anyone who
 * asked. They answer staff only (level 25), and do not exist in production.
 */
describe('the development outboxes answer staff only', () => {
  const w = backofficeWorld();

  beforeAll(async () => {
    await w.server.runtime.db.pool.query(
      `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, headers) VALUES ('erin@example.com', 'Choose a new password', 'https://demo.test/account/forgotpassword?token=secret', NULL, '{}')`,
    );
    await w.server.runtime.db.pool.query(`INSERT INTO sms_outbox (to_number, body, media_url) VALUES ('2065550142', 'Your code is 123456', NULL)`);
  });

  it.each(ROUTES)('%s: 401 signed out', async (route) => {
    const res = await WebClient.for(w.server.url).get(route);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { message: expect.any(String) } });
  });

  it.each(ROUTES)('%s: 403 to a lead, an agent and a broker', async (route) => {
    for (const who of ['lead', 'agent', 'broker'] as const) {
      const res = await (await signedIn(w.server, w.cast[who])).get(route);
      expect({ who, status: res.status }).toEqual({ who, status: 403 });
    }
  });

  it.each(ROUTES)('%s: 403 to a staff member while they impersonate someone', async (route) => {
    const c = WebClient.for(w.server.url);
    const session = await w.server.app
      .get(SessionStore)
      .start({ userId: w.cast.lead.userId, securityLevel: 5, officeId: null, impersonatorId: w.cast.staff.userId, returnUrl: null });
    c.cookies.set('sid', session.id);
    expect((await c.get(route)).status).toBe(403);
  });

  it('lets staff read both, newest first, one address or number at a time', async () => {
    const mail = await w.staff.get('/api/dev/mailbox?to=ERIN@example.com');
    expect(mail.status).toBe(200);
    expect(mail.body.messages).toEqual([
      expect.objectContaining({ to: 'erin@example.com', subject: 'Choose a new password', text: expect.stringContaining('token=secret') }),
    ]);
    expect((await w.staff.get('/api/dev/mailbox?to=nobody@example.com')).body.messages).toEqual([]);
    const sms = await w.staff.get('/api/dev/sms?to=2065550142');
    expect(sms.status).toBe(200);
    expect(sms.body.messages).toEqual([expect.objectContaining({ to: '2065550142', body: 'Your code is 123456', mediaUrl: null })]);
    expect(mail.headers['cache-control']).toBe('no-store');
  });
});

describe('the development outboxes do not exist in production', () => {
  let db: TestDatabase;
  let server: Started;
  let staff: WebClient;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    // Quiet: a production start without SMTP or HTTPS warns (tests/startup).
    server = await startServer(testConfig(db.url, { NODE_ENV: 'production', LOG_LEVEL: 'error' }));
    staff = await signedIn(server, (await castOf(server)).staff);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it.each(ROUTES)('%s: 404 even to staff', async (route) => {
    const res = await staff.get(route);
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { message: expect.any(String) } });
    expect((await WebClient.for(server.url).get(route)).status).toBe(404);
  });
});
