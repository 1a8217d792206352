import { createHmac } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { DEMO_SITES } from '../../src/demo/demo-accounts';
import { type Started, startServer } from '../../src/main';
import { ChangeSiteSettingsCommand } from '../../src/modules/sites';
import { jsonServer } from '../support/social-stand-ins';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';
import { openedEventsOf } from '../support/events';

const CLIENT_ID = 'porchlight-test.apps.googleusercontent.com';
const FB_APP = 'app-1';
const FB_SECRET = 'fb-secret';
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

describe('Google and Facebook sign-in against a local key set and Graph stand-in', () => {
  let db: TestDatabase;
  let server: Started;
  let jwks: Awaited<ReturnType<typeof jsonServer>>;
  let graph: Awaited<ReturnType<typeof jsonServer>>;
  let googleKey: SigningKey;
  let otherKey: SigningKey;
  let publicJwk: JWK;
  const client = (host = 'demo.localhost') => WebClient.for(server.url, host);
  const now = () => Math.floor(Date.now() / 1000);

  const idToken = (claims: Record<string, unknown> = {}, opts: { key?: SigningKey; kid?: string } = {}) =>
    new SignJWT({ email: 'gina@example.com', email_verified: true, given_name: 'Gina', family_name: 'Google', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'k1', typ: 'JWT' })
      .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
      .setAudience((claims.aud as string) ?? CLIENT_ID)
      .setSubject((claims.sub as string) ?? '1000001')
      .setIssuedAt(now() - 60)
      .setExpirationTime((claims.exp as number) ?? now() + 3600)
      .sign(opts.key ?? googleKey);

  beforeAll(async () => {
    const google = await generateKeyPair('RS256', { extractable: true });
    googleKey = google.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    publicJwk = { ...(await exportJWK(google.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = await jsonServer(() => [200, { keys: [publicJwk] }]);
    graph = await jsonServer((url) => {
      const token = url.searchParams.get('input_token') ?? url.searchParams.get('access_token') ?? '';
      if (url.pathname === '/debug_token') {
        if (url.searchParams.get('access_token') !== `${FB_APP}|${FB_SECRET}`) return [400, { error: { message: 'bad app token' } }];
        if (token === 'fb-good') return [200, { data: { is_valid: true, app_id: FB_APP, user_id: '2002' } }];
        if (token === 'fb-other-app') return [200, { data: { is_valid: true, app_id: 'app-2', user_id: '2003' } }];
        return [200, { data: { is_valid: false } }];
      }
      if (url.pathname === '/me') {
        const proof = createHmac('sha256', FB_SECRET).update(token).digest('hex');
        if (url.searchParams.get('appsecret_proof') !== proof) return [400, { error: { message: 'bad proof' } }];
        if (token === 'fb-good') return [200, { id: '2002', email: 'fiona@example.com', first_name: 'Fiona', last_name: 'Facebook' }];
      }
      return [404, { error: { message: 'unknown' } }];
    });
    db = await createTestDatabase({ migrate: false });
    server = await startServer(
      testConfig(db.url, {
        DEMO_SEED: '1',
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_JWKS_URL: `${jwks.url}/certs`,
        FACEBOOK_APP_ID: FB_APP,
        FACEBOOK_APP_SECRET: FB_SECRET,
        FACEBOOK_GRAPH_URL: graph.url,
      }),
    );
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await jwks?.close();
    await graph?.close();
  });

  const googleSignIn = (c: WebClient, body: unknown) => c.post('/api/account/social/google', body);

  it.each([
    ['expired', () => idToken({ exp: now() - 3600 })],
    ['for another audience', () => idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['from another issuer', () => idToken({ iss: 'https://evil.example' })],
    ['signed by another key (same kid)', () => idToken({}, { key: otherKey })],
    ['signed by another key (unknown kid)', () => idToken({}, { key: otherKey, kid: 'k2' })],
    [
      'with alg none',
      async () => {
        const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: '1000001', email: 'gina@example.com', exp: now() + 3600 })}.`;
      },
    ],
    [
      'signed HS256 with the public key as secret',
      async () =>
        new SignJWT({ email: 'gina@example.com' })
          .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
          .setIssuer('https://accounts.google.com')
          .setAudience(CLIENT_ID)
          .setSubject('1000001')
          .setExpirationTime(now() + 3600)
          .sign(new TextEncoder().encode(JSON.stringify(publicJwk))),
    ],
    ['garbage', async () => 'not.a.token'],
  ])('refuses a token %s: 401, no session, no account', async (_name, make) => {
    const c = client();
    const res = await googleSignIn(c, { credential: await make() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Login failed' });
    expect(c.cookies.has('sid')).toBe(false);
    expect((await openedEventsOf(server.runtime.store, 'UserRegistered')).filter((e) => e.data.email === 'gina@example.com')).toEqual([]);
  });

  it('never signs anyone in from a profile posted by the browser', async () => {
    const c = client();
    for (const body of [
      { familyName: 'Lead', givenName: 'Lee', email: 'lead@demo.test', phoneNumber: '2065550100' },
      { credential: await idToken(), email: 'lead@demo.test' },
    ]) {
      const res = await googleSignIn(c, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Unknown field|^credential is required$/);
    }
    expect((await c.post('/api/account/facebooksignin', { email: 'lead@demo.test', givenName: 'Lee' })).status).toBe(400);
    expect(c.cookies.has('sid')).toBe(false);
  });

  it('signs up a new user with a valid token: level-5 lead of the site, phone step, registration-state cookie', async () => {
    const c = client('jane.localhost');
    const res = await googleSignIn(c, { credential: await idToken() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccess: true, isNewUser: true, description: 'Registered', step: '1-phone' });
    const state = res.setCookies.find((s) => s.startsWith('registration-state='))!;
    expect(state).toMatch(/^registration-state=unregistered;/);
    expect(state).toMatch(/Max-Age=432000/);
    expect((await c.get('/api/account/me')).body).toMatchObject({ securityLevel: 5, firstName: 'Gina', validCellPhone: false });
    const lead = (await openedEventsOf(server.runtime.store, 'LeadCaptured')).filter((e) => e.data.email === 'gina@example.com');
    expect(lead[0]!.data).toMatchObject({ leadType: 'Registration', siteId: DEMO_SITES.find((s) => s.key === 'jane')!.siteId, source: 'direct' });

    // Saving a valid cell finishes the phone step.
    const saved = await c.post('/api/account/update', { CellPhone: '2065550111' });
    expect(saved.setCookies.some((s) => s.startsWith('registration-state=;'))).toBe(true);

    const again = await googleSignIn(client(), { credential: await idToken({ email: 'changed@example.com' }) });
    expect(again.body).toEqual({ isSuccess: true, isNewUser: false, description: 'Signed in' });
  });

  it('skips the phone step where the site allows social sign-up without phone', async () => {
    const brand = DEMO_SITES.find((s) => s.key === 'brand')!;
    await server.app
      .get(CommandBus)
      .execute(new ChangeSiteSettingsCommand({ siteId: brand.siteId, changes: { Registration_SocialWithoutPhone: true } }, systemContext()));
    for (let i = 0; i < 400 && !(await client('brand.localhost').get('/api/site')).body.settings.Registration_SocialWithoutPhone; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const c = client('brand.localhost');
    const res = await googleSignIn(c, { credential: await idToken({ sub: '1000002', email: 'gus@example.com' }) });
    expect(res.body).toEqual({ isSuccess: true, isNewUser: true, description: 'Registered', step: null });
    expect(c.cookies.has('registration-state')).toBe(false);
  });

  it('links a verified Google address to the account that has it, but never an unverified one', async () => {
    const unverified = await googleSignIn(client(), { credential: await idToken({ sub: '1000003', email: 'lead@demo.test', email_verified: false }) });
    expect(unverified).toMatchObject({ status: 409, body: { message: 'Email already in use' } });
    const c = client();
    const verified = await googleSignIn(c, { credential: await idToken({ sub: '1000004', email: 'lead@demo.test', email_verified: true }) });
    expect(verified.body).toEqual({ isSuccess: true, isNewUser: false, description: 'Signed in' });
    expect((await c.get('/api/account/me')).body.firstName).toBe('Lee');
  });

  it('checks Facebook access tokens at the Graph stand-in', async () => {
    for (const accessToken of ['fb-bad', 'fb-other-app']) {
      const c = client();
      const res = await c.post('/api/account/facebooksignin', { accessToken });
      expect(res).toMatchObject({ status: 401, body: { message: 'Login failed' } });
      expect(c.cookies.has('sid')).toBe(false);
    }
    const c = client();
    const res = await c.post('/api/account/facebooksignin', { accessToken: 'fb-good' });
    expect(res.body).toEqual({ isSuccess: true, isNewUser: true, description: 'Registered', step: '1-phone' });
    expect((await c.get('/api/account/me')).body).toMatchObject({ firstName: 'Fiona', securityLevel: 5 });
    const again = await client().post('/api/account/facebooksignin', { accessToken: 'fb-good' });
    expect(again.body.isNewUser).toBe(false);
  });
});
