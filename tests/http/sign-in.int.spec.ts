import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { SessionStore } from '../../src/modules/accounts';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

const PASSWORD = 'porchlight-demo';

describe('sign-in, sessions and CSRF (contract sections 2 and 7)', () => {
  let db: TestDatabase;
  let server: Started;
  const client = (host = 'demo.localhost') => WebClient.for(server.url, host);
  const login = (c: WebClient, Email: string, password = PASSWORD, opts = {}) =>
    c.post('/api/account/login', { Email, password, Timezone: -420, TimezoneName: 'America/Los_Angeles' }, opts);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { DEMO_SEED: '1', DEMO_PASSWORD: PASSWORD }));
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('signs a lead in: isSuccess, no dashboard, an HttpOnly SameSite=Lax session cookie', async () => {
    const c = client();
    const res = await login(c, 'lead@demo.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccess: true, userInfo: { securityLevel: 5, dashboardUrl: null } });
    const cookie = res.setCookies.find((s) => s.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie.split(';')[0]!.length - 4).toBeGreaterThanOrEqual(43);
    const me = await c.get('/api/account/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ securityLevel: 5, firstName: 'Lee', count_Login: 1, dashboardUrl: null, subdomain: 'demo' });
  });

  it.each([
    ['agent@demo.test', 10, '/dashboard'],
    ['broker@demo.test', 15, '/dashboard'],
    ['staff@porchlight.test', 25, null],
  ])('%s (level %d) gets dashboardUrl %s; the e-mail is case-insensitive', async (email, level, url) => {
    const res = await login(client(), email.toUpperCase());
    expect(res.body).toEqual({ isSuccess: true, userInfo: { securityLevel: level, dashboardUrl: url } });
  });

  it('marks the cookie Secure behind an HTTPS proxy only when TRUST_PROXY is set', async () => {
    const res = await login(client(), 'agent2@demo.test', PASSWORD, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.setCookies.find((s) => s.startsWith('sid='))).not.toMatch(/Secure/);
  });

  it.each([
    ['lead@demo.test', 'wrong-password'],
    ['nobody@demo.test', PASSWORD],
    ['lead@demo.test', ''],
  ])('wrong credentials %s → 200 Invalid Login and no cookie', async (email, password) => {
    const c = client();
    const res = await login(c, email, password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccess: false, message: 'Invalid Login' });
    expect(c.cookies.has('sid')).toBe(false);
  });

  it.each(['', 'lead', 'lead@demo', 'lead@demo.test\r\nBcc: x@y.test', 'lead@demo.test\n'])('malformed Email %j → 400', async (email) => {
    const res = await login(client(), email);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Please enter a valid email' });
  });

  it('refuses unknown fields and wrong types with 400, and a 10 MB body with 413', async () => {
    const extra = await client().post('/api/account/login', { Email: 'lead@demo.test', password: PASSWORD, securityLevel: 25 });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('Unknown field: securityLevel');
    const wrongType = await client().post('/api/account/login', { Email: 5, password: PASSWORD });
    expect(wrongType.status).toBe(400);
    const huge = await client().post('/api/account/login', { Email: 'a'.repeat(10 * 1024 * 1024), password: 'x' });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'The request is too large' });
  });

  it('rotates the session at sign-in: the old id stops working', async () => {
    const c = client();
    await login(c, 'lead@demo.test');
    const first = c.cookies.get('sid')!;
    await login(c, 'lead@demo.test');
    const second = c.cookies.get('sid')!;
    expect(second).not.toBe(first);
    const old = new WebClient(c['port'], c.host);
    old.cookies.set('sid', first);
    expect((await old.get('/api/account/me')).status).toBe(401);
    expect((await c.get('/api/account/me')).status).toBe(200);
  });

  it('refuses a cookie-authenticated state change without an Origin of the site itself (403)', async () => {
    const c = client();
    await login(c, 'lead@demo.test');
    const none = await c.post('/api/account/update', { On_PropertyUpdates: false }, { origin: null });
    expect(none.status).toBe(403);
    const foreign = await c.post('/api/account/update', { On_PropertyUpdates: false }, { origin: 'http://evil.test' });
    expect(foreign.status).toBe(403);
    const otherSite = await c.post('/api/account/update', { On_PropertyUpdates: false }, { origin: `http://jane.localhost:${c['port']}` });
    expect(otherSite.status).toBe(403);
    const viaReferer = await c.post('/api/account/update', { On_PropertyUpdates: false }, { origin: null, headers: { referer: `${c.origin}/account` } });
    expect(viaReferer.status).toBe(200);
    const same = await c.post('/api/account/update', { On_PropertyUpdates: true });
    expect(same.status).toBe(200);
    // A sign-in from another site's page is refused too (login CSRF).
    expect((await login(client(), 'lead@demo.test', PASSWORD, { origin: 'http://evil.test' })).status).toBe(403);
  });

  it('sign-out ends every session of the user and is recorded on the stream', async () => {
    const a = client();
    const b = client('jane.localhost');
    await login(a, 'agent@demo.test');
    await login(b, 'agent@demo.test');
    const out = await a.post('/api/account/logout');
    expect(out.status).toBe(200);
    expect(a.cookies.has('sid')).toBe(false);
    expect((await b.get('/api/account/me')).status).toBe(401);
    const { rows } = await db.pool.query(`SELECT type FROM events WHERE stream_id = 'user-00000000-0000-4000-8000-000000000010' ORDER BY stream_position`);
    expect(rows.map((r) => r.type)).toEqual(expect.arrayContaining(['UserSignedIn', 'UserSignedOut']));
    // The agent's own first sign-in (the demo's leads signed in earlier, by their inquiries).
    const signedIn = await db.pool.query(
      `SELECT data FROM events WHERE type = 'UserSignedIn' AND stream_id = 'user-00000000-0000-4000-8000-000000000010' ORDER BY global_position LIMIT 1`,
    );
    expect(signedIn.rows[0].data).toMatchObject({ method: 'password', timezone: -420, timezoneName: 'America/Los_Angeles' });
  });

  it('throttles one account after 10 failures in 15 minutes (429, even with the right password), until the lock ends', async () => {
    const c = client();
    for (let i = 0; i < 10; i++) expect((await login(c, 'broker@demo.test', `wrong-${i}`)).body.isSuccess).toBe(false);
    const locked = await login(c, 'broker@demo.test');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-ins/);
    // Another account from the same address is not locked.
    expect((await login(c, 'agent2@demo.test')).body.isSuccess).toBe(true);
    // Fifteen minutes later (the lock and the failures aged in the database):
    await db.pool.query(`UPDATE sign_in_locks SET until = now() - interval '1 second'`);
    await db.pool.query(`UPDATE sign_in_failures SET at = at - interval '16 minutes'`);
    expect((await login(c, 'broker@demo.test')).body.isSuccess).toBe(true);
  });

  it('throttles one address across accounts, and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    await db.pool.query('DELETE FROM sign_in_failures; DELETE FROM sign_in_locks');
    const c = client();
    for (let i = 0; i < 50; i++) {
      const res = await login(c, `someone${i}@demo.test`, 'x', { headers: { 'x-forwarded-for': `10.0.0.${i}` } });
      expect(res.status).toBe(200);
    }
    expect((await login(c, 'lead@demo.test')).status).toBe(429);
    await db.pool.query('DELETE FROM sign_in_failures; DELETE FROM sign_in_locks');
  });

  it('GET /api/account/me is 401 when signed out', async () => {
    const res = await client().get('/api/account/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTypeOf('string');
  });

  it('resolves the site by host, unknown hosts to the default site', async () => {
    expect((await client('jane.localhost').get('/api/site')).body).toMatchObject({ subdomain: 'jane', kind: 'agent' });
    expect((await client('brand.localhost').get('/api/site')).body).toMatchObject({ subdomain: 'brand', masterSite: { subdomain: 'demo' } });
    expect((await client('nowhere.example').get('/api/site')).body).toMatchObject({ subdomain: 'demo', isDefault: true });
    const site = (await client('localhost').get('/api/site')).body;
    expect(site.settings).toMatchObject({ Registration_AllowPartialName: false, PromptLevel: 1 });
    expect(site.settings.MMSBulkSendCap).toBeUndefined();
  });

  it('validates contact info', async () => {
    const c = client();
    expect((await c.get('/api/contactinfo/validate/email/ada%40homes.realty')).body).toEqual({ isValid: true });
    expect((await c.get('/api/contactinfo/validate/email/ada%40homes')).body).toEqual({ isValid: false });
    expect((await c.get('/api/contactinfo/validate/email/ada%40x.com%0D%0A')).body).toEqual({ isValid: false });
    expect((await c.get('/api/contactinfo/validate/phone/206-555-0100')).body).toEqual({ isValid: true });
    expect((await c.get('/api/contactinfo/validate/phone/555-0100')).body).toEqual({ isValid: false });
  });

  it('ends impersonation: a new session as the staff member, the return address, and the event records who', async () => {
    const staffId = '00000000-0000-4000-8000-000000000025';
    const leadId = '00000000-0000-4000-8000-000000000005';
    const c = client();
    expect((await c.delete('/api/account/become')).status).toBe(401);
    await login(c, 'lead@demo.test');
    expect((await c.delete('/api/account/become')).body).toEqual({ message: 'Error ending become user!' });
    // The back-office (issue 7) starts impersonation; here its session is made directly.
    const session = await server.app
      .get(SessionStore)
      .start({ userId: leadId, securityLevel: 5, officeId: null, impersonatorId: staffId, returnUrl: '/dashboard/backoffice' });
    c.cookies.set('sid', session.id);
    expect((await c.get('/api/account/me')).body).toMatchObject({ securityLevel: 5, impersonatorId: staffId });
    expect((await c.delete('/api/account/become', { origin: null })).status).toBe(403);
    const ended = await c.delete('/api/account/become');
    expect(ended.body).toEqual({ isSuccess: true, callbackUrl: '/dashboard/backoffice', reload: false });
    expect(c.cookies.get('sid')).not.toBe(session.id);
    expect((await c.get('/api/account/me')).body).toMatchObject({ securityLevel: 25, impersonatorId: null });
    const { rows } = await db.pool.query(`SELECT data, metadata FROM events WHERE type = 'ImpersonationEnded'`);
    expect(rows[0].data).toEqual({ userId: leadId, impersonatorId: staffId });
    expect(rows[0].metadata).toMatchObject({ actorId: leadId, impersonatorId: staffId });
  });
});
