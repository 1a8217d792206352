import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_URL } from '../../src/http/malformed-url';
import { newLead, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { type WebClient, WebClient as Client } from '../support/web-client';

/** NUL, an overlong '/', a byte that is never UTF-8, a truncated sequence. */
const BAD = ['%00', 'a%00b', '%C0%AF', '%FF', '%E2%82'];

/** Every GET route, each variable part (path and query) marked {}; a few POSTs with a query. */
const ROUTES = [
  '/api/search?kw={}',
  '/api/search?city={}&soldproperty=1',
  '/api/search?polygonmap={}',
  '/api/search?{}=1',
  '/api/search/result/{}',
  '/api/search/autocomplete/kw/{}',
  '/api/search/autocomplete/{}/ab',
  '/api/details/{}',
  '/api/contactinfo/validate/email/{}',
  '/api/contactinfo/validate/phone/{}',
  '/api/alerts/{}/open?t={}',
  '/api/alerts/{}/pixel.gif?t={}',
  '/api/organizer/headers?pdids={}',
  '/api/organizer/searches?x={}',
  '/api/dashboard/leads?q={}',
  '/api/dashboard/leads/{}',
  '/api/dashboard/feed?source={}',
  '/api/dashboard/feed/lead/{}',
  '/api/dashboard/feed/since?position={}',
  '/api/dashboard/agents?x={}',
  '/api/dashboard/chat/unread?x={}',
  '/api/dev/mailbox?to={}',
  '/api/dev/sms?to={}',
  '/api/backoffice/findmembers?q={}',
  '/api/backoffice/search?q={}',
  '/api/backoffice/accounts/{}',
  '/api/backoffice/accounts/{}/history',
  '/api/backoffice/accounts/{}/history/export',
  '/api/backoffice/accounts/{}/state',
  '/api/backoffice/translations?language={}',
  '/api/backoffice/projections?x={}',
  '/api/backoffice/ping?x={}',
  '/api/backoffice/stats?x={}',
  '/api/translations?language={}',
  '/api/site?x={}',
  '/api/account/me?x={}',
  '/api/push/publickey?x={}',
  '/api/config/public?x={}',
  '/api/openapi.json?x={}',
  '/api/docs?x={}',
  '/api/docs/assets/{}',
  '/uploads/{}',
  '/demo-photos/{}',
  '/health?x={}',
  '/search?kw={}',
  '/listing/{}',
  '/nothing/{}',
];
const POSTS = ['/api/upload?object={}&action=uploadfiles', '/api/photo?x={}', '/api/account/forgotpassword?x={}'];

describe('a NUL byte or invalid UTF-8 in a path or query answers 400, never 500', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let clients: [string, WebClient][];

  beforeAll(async () => {
    fixture = await startDashboardServer();
    const staff = await signIn(fixture.server, 'staff@porchlight.test', 'demo.localhost');
    const lead = (await newLead(fixture.server, 'demo.localhost')).client;
    clients = [
      ['signed out', Client.for(fixture.server.url, 'demo.localhost')],
      ['staff', staff],
      ['lead', lead],
    ];
  });
  afterAll(async () => fixture?.stop());

  it('probes every GET route with each bad value, signed out, as staff and as a lead', async () => {
    const wrong: string[] = [];
    for (const route of ROUTES) {
      for (const bad of BAD) {
        for (const [who, client] of clients) {
          const url = route.replaceAll('{}', bad);
          const res = await client.get(url);
          if (res.status !== 400 || res.body?.message !== MALFORMED_URL) wrong.push(`${who} GET ${url}: ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses the same in the query of state-changing requests', async () => {
    const wrong: string[] = [];
    for (const route of POSTS) {
      for (const bad of BAD) {
        const url = route.replaceAll('{}', bad);
        const res = await clients[2]![1].post(url, {});
        if (res.status !== 400 || res.body?.message !== MALFORMED_URL) wrong.push(`POST ${url}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('leaves well-formed text alone: UTF-8 and a lone percent sign', async () => {
    const [, anon] = clients[0]!;
    expect((await anon.get('/api/contactinfo/validate/email/caf%C3%A9%40example.com')).status).toBe(200);
    expect((await anon.get('/api/search/autocomplete/kw/Caf%C3%A9')).status).toBe(200);
    expect((await anon.get('/api/site?x=100%')).status).toBe(200);
  });
});
