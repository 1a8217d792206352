import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedTestResult } from '../../src/contract/feed-presets';
import { testConnection } from '../../src/modules/feeds/test-connection/test-connection';
import { Outbound } from '../../src/shared/net/outbound';
import { demoUser, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { properties } from '../support/feed-fixture';
import { ResoServer } from '../support/reso-server';
import type { WebClient } from '../support/web-client';

/**
 * "Test connection" of the feed setup screen against the RESO stand-in: a real token request and
 * a `$top=1` query per resource, the first failure named (token refused, service root unreachable,
 * a resource missing or not licensed), and private addresses refused as production refuses them.
 */
describe('feed setup: test connection', () => {
  const app = dashboardServer();
  let reso: ResoServer;
  let staff: WebClient;
  const oauth = (secret = 's3cret') => ({ kind: 'oauth2', tokenUrl: reso.tokenUrl, clientId: 'porchlight', clientSecret: secret, scope: 'api' });
  const test = async (body: Record<string, unknown>): Promise<FeedTestResult> => {
    const r = await staff.post('/api/backoffice/feeds/test', body);
    expect(r.status, r.text).toBe(200);
    return r.body as FeedTestResult;
  };
  const failed = (r: FeedTestResult) => r.steps.find((s) => !s.ok);

  beforeAll(async () => {
    reso = await new ResoServer({ clients: [{ id: 'porchlight', secret: 's3cret' }], bearerTokens: ['static-token'] }).start();
    reso.put('Property', ...properties(3));
    staff = await signIn(app.server, demoUser('staff').email);
  });
  afterAll(async () => reso?.stop());

  it('passes with good credentials: a token, then one Property and each chosen resource, $top=1', async () => {
    reso.requests.length = 0;
    const r = await test({ url: reso.url, auth: oauth(), resources: ['Property', 'Media', 'OpenHouse'] });
    expect(r.ok).toBe(true);
    expect(r.steps.map((s) => [s.step, s.label, s.ok])).toEqual([
      ['token', 'Token', true],
      ['service-root', 'Property', true],
      ['resource', 'Media', true],
      ['resource', 'OpenHouse', true],
    ]);
    expect(r.steps[1]!.message).toBe('Property answered (1 record on a $top=1 page)');
    expect(reso.requests.find((q) => q.resource === 'Property')?.query.$top).toBe('1');
    expect(reso.tokensIssued).toBeGreaterThan(0);
  });

  it('names a refused client secret as the token step, and never echoes the secret', async () => {
    const r = await test({ url: reso.url, auth: oauth('wrong-secret'), resources: ['Property'] });
    expect(r.ok).toBe(false);
    expect(failed(r)).toMatchObject({ step: 'token', label: 'Token' });
    expect(failed(r)!.message).toMatch(/^The token endpoint .* refused the client credentials \(HTTP 401/);
    expect(JSON.stringify(r)).not.toContain('wrong-secret');
  });

  it('names an unreachable service root, a wrong service root and a resource not licensed', async () => {
    const down = await test({ url: 'http://127.0.0.1:9/odata', auth: { kind: 'bearer', token: 'static-token' }, resources: ['Property'] });
    expect(failed(down)).toMatchObject({ step: 'service-root', label: 'Property' });
    expect(failed(down)!.message).toMatch(/^The service root could not be reached: .*could not be reached \(ECONNREFUSED\)/);

    const wrongRoot = await test({ url: `${reso.url}/v2`, auth: { kind: 'bearer', token: 'static-token' }, resources: ['Property'] });
    expect(failed(wrongRoot)!.message).toBe('The server has no Property resource at this service root (HTTP 404): check the service root URL');

    reso.options.forbidden = ['Member'];
    const unlicensed = await test({ url: reso.url, auth: { kind: 'bearer', token: 'static-token' }, resources: ['Property', 'Member'] });
    reso.options.forbidden = [];
    expect(unlicensed.steps.map((s) => s.ok)).toEqual([true, false]);
    expect(failed(unlicensed)).toMatchObject({ step: 'resource', label: 'Member' });
    expect(failed(unlicensed)!.message).toMatch(/^The server refused the credentials for Member: .*HTTP 403/);

    const badToken = await test({ url: reso.url, auth: { kind: 'bearer', token: 'not-a-token' }, resources: ['Property'] });
    expect(failed(badToken)).toMatchObject({ step: 'service-root', label: 'Property' });
    expect(failed(badToken)!.message).toMatch(/refused the credentials for Property: .*HTTP 401/);
  });

  it('refuses private addresses when the policy does (production), before any request', async () => {
    reso.requests.length = 0;
    const r = await testConnection(new Outbound({ allowPrivate: false }), {
      url: reso.url,
      auth: { kind: 'bearer', token: 'static-token' },
      resources: ['Property'],
    });
    expect(r).toEqual({
      ok: false,
      steps: [
        {
          step: 'address',
          label: 'Addresses',
          ok: false,
          message: expect.stringMatching(/^The service root URL leads to a loopback, private or link-local address/),
        },
      ],
    });
    expect(reso.requests).toEqual([]);
  });

  it('answers bad input with a clear message, and only to staff', async () => {
    const missing = await staff.post('/api/backoffice/feeds/test', { url: reso.url, auth: { kind: 'bearer', token: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Please enter the access token/);
    const notUrl = await staff.post('/api/backoffice/feeds/test', { url: 'ftp://example.com', auth: { kind: 'none' } });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.message).toMatch(/The service root URL must be an http\(s\) URL/);
    const broker = await signIn(app.server, demoUser('broker').email);
    expect((await broker.post('/api/backoffice/feeds/test', { url: reso.url, auth: { kind: 'none' } })).status).toBe(403);
  });
});
