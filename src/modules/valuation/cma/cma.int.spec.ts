import { describe, expect, it } from 'vitest';
import { ballardSales, importItems } from '../../../../tests/support/ballard-sales';
import { demoUser, registerOffice, settle, signIn } from '../../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../../tests/support/dashboard-server';
import { waitForMail } from '../../../../tests/support/mail-outbox';
import { WebClient } from '../../../../tests/support/web-client';
import { systemContext } from '../../../commands/command-context';
import type { ResoRecord } from '../../listings';
import { importListings } from '../../listings';
import { CMA_CHANGED } from './cma';
import { CMA_LINK_UNKNOWN } from './cma-view.http';
import { NO_HOME_VALUE } from './load-cma';

type Comp = { pdid: string; adjustedPrice: number; weight: number; included: boolean; adjustment: number; note: string; added: boolean };
type Cma = { version: number; estimate: number | null; comps: Comp[]; sends: { sendId: string; opened: boolean }[] };

/** Hand-computed as the valuation computes it: the value where half the kept comps' weight lies at or below, over the adjusted prices. */
function weightedMedian(comps: readonly Comp[]): number {
  const kept = comps.filter((c) => c.included).map((c) => ({ price: c.adjustedPrice + c.adjustment, weight: c.weight }));
  kept.sort((a, b) => a.price - b.price);
  const half = kept.reduce((s, c) => s + c.weight, 0) / 2;
  let seen = 0;
  for (const c of kept) if ((seen += c.weight) >= half) return c.price;
  throw new Error('no comps');
}

/** The agent's CMA of a seller lead: edited, versioned, recomputed, sent as a signed link. */
describe('the CMA of a seller lead', () => {
  let sales: ResoRecord[] = [];
  const app = dashboardServer(async (server) => {
    sales = await ballardSales();
    await importListings(server.runtime.store, importItems(sales), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  });
  const EMAIL = 'cma.seller@example.com';
  const LINK_EMAIL = 'cma.link@example.com';

  const sellerLead = async (email: string) => {
    const res = await WebClient.for(app.server.url, 'jane.localhost').post('/api/valuation/seller-lead', {
      FullName: 'Cora Seller',
      Email: email,
      Phone: '2065550142',
      Home: { address: '2401 NW 64th St, Seattle, WA', value: { latitude: 47.6751, longitude: -122.3858, livingArea: 1700, asOf: '2015-03-01' } },
    });
    expect(res.status, res.text).toBe(200);
    await settle(app.server);
    return res.body.leadId as string;
  };

  it('starts from the valuation, recomputes the weighted median on each edit, versions each save and refuses a stale one', async () => {
    const leadId = await sellerLead(EMAIL);
    const jane = await signIn(app.server, demoUser('agent').email);
    const start = (await jane.get(`/api/dashboard/leads/${leadId}/cma`)).body as Cma;
    expect(start.version).toBe(0);
    expect(start.comps).toHaveLength(16);
    expect(start.estimate).toBe(weightedMedian(start.comps));

    // Drop the first comp, take $25,000 off the second with a note, and add a sale near the home found by its MLS number.
    const inCma = new Set(start.comps.map((c) => c.pdid));
    const other = sales.find((s) => !inCma.has(`KC-${s.ListingId}`) && s.CloseDate! < '2015-03-01')!;
    const mls = String(other.ListingId);
    const found = await jane.get(`/api/dashboard/leads/${leadId}/cma/sales?q=${encodeURIComponent(mls)}`);
    expect(found.status, found.text).toBe(200);
    const pdid = (found.body.sales as { pdid: string }[]).find((s) => s.pdid.endsWith(mls))!.pdid;
    const [a, b] = start.comps;
    const saved = await jane.request('PUT', `/api/dashboard/leads/${leadId}/cma`, {
      json: {
        version: 0,
        comps: [
          { pdid: a!.pdid, included: false, adjustment: 0, note: '' },
          { pdid: b!.pdid, included: true, adjustment: -25_000, note: 'Needs a new roof' },
          { pdid, included: true, adjustment: 0, note: '' },
        ],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const cma = saved.body as Cma;
    expect(cma.version).toBe(1);
    expect(cma.comps).toHaveLength(start.comps.length + 1);
    expect(cma.comps[0]).toMatchObject({ included: false });
    expect(cma.comps[1]).toMatchObject({ adjustment: -25_000, note: 'Needs a new roof' });
    expect(cma.comps[start.comps.length]).toMatchObject({ pdid, added: true, included: true, adjustedPrice: other.ClosePrice });
    expect(cma.estimate).toBe(weightedMedian(cma.comps));
    expect(cma.estimate).not.toBeNull();

    // Someone saving over version 0 again: 409; a sale not near the home: 400; every comp dropped: 400.
    expect(await jane.request('PUT', `/api/dashboard/leads/${leadId}/cma`, { json: { version: 0, comps: [] } })).toMatchObject({
      status: 409,
      body: { message: CMA_CHANGED },
    });
    expect(
      await jane.request('PUT', `/api/dashboard/leads/${leadId}/cma`, {
        json: { version: 1, comps: [{ pdid: 'KC-nope', included: true, adjustment: 0, note: '' }] },
      }),
    ).toMatchObject({ status: 400, body: { message: 'Not a sale near this home: KC-nope' } });
    const dropAll = cma.comps.map((c) => ({ pdid: c.pdid, included: false, adjustment: 0, note: '' }));
    expect(await jane.request('PUT', `/api/dashboard/leads/${leadId}/cma`, { json: { version: 1, comps: dropAll } })).toMatchObject({ status: 400 });

    await settle(app.server);
    const timeline = (await jane.get(`/api/dashboard/leads/${leadId}`)).body.timeline as { type: string; summary: string }[];
    expect(timeline.find((t) => t.type === 'CmaSaved')?.summary).toBe(`CMA saved (version 1): $${cma.estimate!.toLocaleString('en-US')} from 16 comps`);
  });

  it('sends a signed link by e-mail that opens the version sent, read-only, records the opening once, and 404s when forged', async () => {
    const jane = await signIn(app.server, demoUser('agent').email);
    const leadId = await sellerLead(LINK_EMAIL);
    const before = (await jane.get(`/api/dashboard/leads/${leadId}/cma`)).body as Cma;
    const sent = await jane.post(`/api/dashboard/leads/${leadId}/cma/send`, {});
    expect(sent.status, sent.text).toBe(202);
    await settle(app.server);
    const mail = await waitForMail(app.server.runtime.db.pool, LINK_EMAIL, (m) => m.subject.includes('market analysis'));
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /https?:\/\/\S+\/cma\?t=(\S+)/.exec(mail.text)!;
    const token = decodeURIComponent(link[1]!);

    const scoreOf = async () => (await jane.get(`/api/dashboard/feed/lead/${leadId}`)).body.lead.score as number;
    const scoreBefore = await scoreOf();
    const visitor = WebClient.for(app.server.url, 'jane.localhost');
    const view = await visitor.get(`/api/cma/${encodeURIComponent(token)}`);
    expect(view.status, view.text).toBe(200);
    expect(view.body).toMatchObject({ address: '2401 NW 64th St', estimate: before.estimate, agentName: 'Jane Agent' });
    expect(view.body.comps).toHaveLength(before.comps.filter((c) => c.included).length);
    expect(await visitor.get(`/api/cma/${encodeURIComponent(token)}`)).toMatchObject({ status: 200 });
    await settle(app.server);
    const timeline = (await jane.get(`/api/dashboard/leads/${leadId}`)).body.timeline as { type: string }[];
    expect(timeline.filter((t) => t.type === 'CmaOpened')).toHaveLength(1);
    expect(timeline.filter((t) => t.type === 'CmaSent')).toHaveLength(1);
    // Opening it counts toward the lead's score as an opened e-mail does.
    expect(await scoreOf()).toBeGreaterThan(scoreBefore);

    // A token with one field changed, or another lead's id in it: 404 with the same words.
    const forged = token.replace(/\.(\d+)\.(\d+)\./, (_, v: string, e: string) => `.${Number(v) + 1}.${e}.`);
    expect(await visitor.get(`/api/cma/${encodeURIComponent(forged)}`)).toMatchObject({ status: 404, body: { message: CMA_LINK_UNKNOWN } });
    expect(await visitor.get('/api/cma/v1.nothing')).toMatchObject({ status: 404, body: { message: CMA_LINK_UNKNOWN } });
  });

  it('is 404 to an agent of another office, and for a lead without a home value', async () => {
    const leadId = await sellerLead('cma.other@example.com');
    const office = await registerOffice(app.server, 'cmaother');
    const stranger = await signIn(app.server, office.agents[0]!.email);
    expect(await stranger.get(`/api/dashboard/leads/${leadId}/cma`)).toMatchObject({ status: 404 });
    expect(await stranger.request('PUT', `/api/dashboard/leads/${leadId}/cma`, { json: { version: 0, comps: [] } })).toMatchObject({ status: 404 });
    expect(await stranger.post(`/api/dashboard/leads/${leadId}/cma/send`, {})).toMatchObject({ status: 404 });

    const buyer = await WebClient.for(app.server.url, 'jane.localhost').post('/api/account/inquiry', {
      FullName: 'Bo Buyer',
      Email: 'bo.buyer@example.com',
      Phone: '2065550143',
      LeadType: 'Buyer',
    });
    await settle(app.server);
    const jane = await signIn(app.server, demoUser('agent').email);
    expect(await jane.get(`/api/dashboard/leads/${buyer.body.leadId}/cma`)).toMatchObject({ status: 404, body: { message: NO_HOME_VALUE } });
  });
});
