import { describe, expect, it } from 'vitest';
import { ballardSales, importItems } from '../../../../tests/support/ballard-sales';
import { connectSocket, demoUser, record, settle, signIn, until } from '../../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../../tests/support/dashboard-server';
import { waitForMail } from '../../../../tests/support/mail-outbox';
import { WebClient } from '../../../../tests/support/web-client';
import { systemContext } from '../../../commands/command-context';
import { isAppPath } from '../../../contract/browser-routes';
import { importListings } from '../../listings';
import { CMA_REQUEST_LINK_UNKNOWN } from './cma-request.http';
import { queueDigests } from './home-digest.scheduler';

const HOME = { latitude: 47.6755, longitude: -122.3862, beds: 3, baths: 2, livingArea: 1800 };

/** The digest's "Ask for a CMA": a request of its own, confirmed in one click, told to the agent, counted once. */
describe("the homeowner digest's CMA request", () => {
  const app = dashboardServer(async (server) => {
    await importListings(server.runtime.store, importItems(await ballardSales()), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  });

  it('lands on a page that asks in one click, records the request on the timeline once, tells the agent and counts in the score once', async () => {
    const email = 'cma.request@example.com';
    const sent = await WebClient.for(app.server.url, 'jane.localhost').post('/api/valuation/seller-lead', {
      FullName: 'Rae Owner',
      Email: email,
      Phone: '2065550181',
      Home: { address: '2410 NW 65th St, Seattle, WA 98117', value: HOME, digest: true },
    });
    expect(sent.status, sent.text).toBe(200);
    const leadId = sent.body.leadId as string;
    await settle(app.server);
    await queueDigests(app.server.runtime.db.pool, new Date('2015-03-05T08:00:00Z'));
    const mail = await waitForMail(app.server.runtime.db.pool, email, (m) => m.subject.startsWith('Your home’s value this month'));
    const click = new URL(/Ask for a CMA .*: (\S+)/.exec(mail.text)![1]!);

    const jane = await signIn(app.server, demoUser('agent').email);
    const got = record(await connectSocket(app.server, jane));
    const scoreOf = async () => (await jane.get(`/api/dashboard/feed/lead/${leadId}`)).body.lead.score as number;
    const reader = WebClient.for(app.server.url, 'jane.localhost');

    // The tracked link goes on to the page with a token of its own; opening the page asks nothing yet.
    const followed = await reader.request('GET', click.pathname + click.search);
    expect(followed.status).toBe(302);
    const landing = new URL(followed.headers.location as string, app.server.url);
    expect(landing.pathname).toBe('/ask-cma');
    const t = landing.searchParams.get('t')!;
    expect(t).not.toBe(click.searchParams.get('t'));
    expect(isAppPath(landing.pathname)).toBe(true);
    const shown = await reader.get(`/api/home-digest/cma-request?t=${encodeURIComponent(t)}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toEqual({ street: '2410 NW 65th St', siteName: expect.any(String), requested: false });
    await settle(app.server);
    const before = await scoreOf();

    // The digest's own click token, a pixel's, or a forged one does not ask.
    for (const bad of [click.searchParams.get('t')!, `${t.slice(0, -2)}xx`, 'nonsense']) {
      const refused = await reader.post('/api/home-digest/cma-request', { t: bad });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: CMA_REQUEST_LINK_UNKNOWN });
    }

    for (let i = 0; i < 2; i++) {
      const asked = await reader.post('/api/home-digest/cma-request', { t });
      expect(asked.status, asked.text).toBe(200);
      expect(asked.body.requested).toBe(true);
    }
    await settle(app.server);
    const recorded = (await app.server.runtime.store.readStream(`sellerhome-${leadId}`)).filter((e) => e.type === 'CmaRequested');
    expect(recorded.map((e) => e.data)).toEqual([{ leadId, siteId: expect.any(String), month: '2015-03' }]);
    const timeline = (await jane.get(`/api/dashboard/leads/${leadId}`)).body.timeline as { type: string; summary: string }[];
    expect(timeline.filter((e) => e.type === 'CmaRequested').map((e) => e.summary)).toEqual(['Asked for a CMA (from the March 2015 home value e-mail)']);
    const pushed = await until(() => got.get('lead.activity')?.filter((p) => p.leadId === leadId && p.type === 'CmaRequested'));
    expect(pushed).toHaveLength(1);
    const after = await scoreOf();
    expect(after).toBeGreaterThan(before);
    const breakdown = (await jane.get(`/api/dashboard/leads/${leadId}/score`)).body as { contributions: { eventType: string }[] };
    expect(breakdown.contributions.filter((c) => c.eventType === 'CmaRequested')).toHaveLength(1);
    expect((await reader.get(`/api/home-digest/cma-request?t=${encodeURIComponent(t)}`)).body.requested).toBe(true);
  });
});
