import { describe, expect, it } from 'vitest';
import { ballardSales, importItems } from '../../../tests/support/ballard-sales';
import { settle } from '../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../tests/support/dashboard-server';
import { WebClient } from '../../../tests/support/web-client';
import { systemContext } from '../../commands/command-context';
import { importListings, type ResoRecord } from '../listings';
import { estimateValue } from './estimate-value';
import { sampleOf } from './hold-out-accuracy';
import { SoldIndex } from './sold-index';
import { soldHomeFromRecord } from './sold-home-from-record';
import { NO_COMPARABLE_SALE, UNKNOWN_ADDRESS } from './value-home';

/** POST /api/valuation (contract section 14) over the sold listings the product imported. */
describe('POST /api/valuation', () => {
  let sales: ResoRecord[] = [];
  const app = dashboardServer(async (server) => {
    sales = await ballardSales();
    await importListings(server.runtime.store, importItems(sales), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  });
  const visitor = () => WebClient.for(app.server.url, 'demo.localhost');
  /** A sold home valued as of its sale day from what its record says (and `more`). */
  const valued = (subject: ResoRecord, more: Record<string, unknown> = {}) =>
    visitor().request('POST', '/api/valuation', {
      json: {
        latitude: subject.Latitude,
        longitude: subject.Longitude,
        beds: subject.BedroomsTotal,
        baths: subject.BathroomsTotalInteger,
        livingArea: subject.LivingArea,
        asOf: subject.CloseDate,
        ...more,
      },
    });

  it('values a sold home from the other sales before it, within 25 % of what it sold for, with its comps', async () => {
    const subject = sales.filter((s) => s.CloseDate! > '2015-02-01')[0]!;
    const res = await valued(subject);
    expect(res.status).toBe(200);
    expect(Math.abs(res.body.estimate / subject.ClosePrice! - 1)).toBeLessThan(0.25);
    expect(res.body.low).toBeLessThanOrEqual(res.body.estimate);
    expect(res.body.high).toBeGreaterThanOrEqual(res.body.estimate);
    expect(res.body.comps).toHaveLength(16);
    for (const c of res.body.comps) {
      expect(c.closeDate < subject.CloseDate!).toBe(true);
      expect(c).toMatchObject({
        pdid: expect.stringMatching(/^KC-/),
        address: expect.any(String),
        closePrice: expect.any(Number),
        distanceMiles: expect.any(Number),
        adjustedPrice: expect.any(Number),
      });
    }
  });

  it('weighs the lot and the age the feed gave (LotSizeSquareFeet, YearBuilt), and each comp keeps its baths', async () => {
    const subject = sales.filter((s) => s.CloseDate! > '2015-02-01' && s.LotSizeSquareFeet && s.YearBuilt)[0]!;
    const res = await valued(subject, { lotSize: subject.LotSizeSquareFeet, yearBuilt: subject.YearBuilt });
    expect(res.status).toBe(200);
    const features = new Set(res.body.comps.flatMap((c: { adjustments: { feature: string }[] }) => c.adjustments.map((a) => a.feature)));
    expect(features).toContain('lotSize');
    expect(features).toContain('age');
    expect(res.body.comps.every((c: { baths: number | null }) => c.baths !== null)).toBe(true);
  });

  it('values as the accuracy figures are measured: the route answers what the model answers over the same sales', async () => {
    const index = new SoldIndex(sales.map((r) => soldHomeFromRecord(r, `KC-${r.ListingKey}`)).filter((h) => h !== null));
    const held = sampleOf(
      sales.filter((s) => s.CloseDate! > '2014-09-01'),
      40,
      3,
    );
    let same = 0;
    for (const s of held) {
      const known = { beds: s.BedroomsTotal, baths: s.BathroomsTotalInteger, livingArea: s.LivingArea, lotSize: s.LotSizeSquareFeet, yearBuilt: s.YearBuilt };
      const model = estimateValue(index, { latitude: s.Latitude, longitude: s.Longitude, ...known }, s.CloseDate!);
      const res = await valued(s, { lotSize: s.LotSizeSquareFeet, yearBuilt: s.YearBuilt });
      if (model && res.status === 200 && Math.abs(res.body.estimate - model.estimate) < 1) same++;
    }
    expect(same).toBeGreaterThanOrEqual(36);
  });

  it('values the home at a known address, and only from sales before asOf', async () => {
    const subject = sales[0]!;
    const res = await visitor().request('POST', '/api/valuation', { json: { address: subject.UnparsedAddress, asOf: '2014-09-01' } });
    expect(res.status).toBe(200);
    expect(res.body.asOf).toBe('2014-09-01');
    expect(res.body.comps.every((c: { closeDate: string }) => c.closeDate < '2014-09-01')).toBe(true);
    // Before the first sale the product holds, nothing is comparable.
    expect(await visitor().request('POST', '/api/valuation', { json: { address: subject.UnparsedAddress, asOf: '2014-05-01' } })).toMatchObject({
      status: 404,
      body: { message: NO_COMPARABLE_SALE },
    });
  });

  it('answers 404 far from every sale and for an unknown address, 400 for bad input', async () => {
    expect(await visitor().request('POST', '/api/valuation', { json: { latitude: 25.76, longitude: -80.19 } })).toMatchObject({
      status: 404,
      body: { message: NO_COMPARABLE_SALE },
    });
    expect(await visitor().request('POST', '/api/valuation', { json: { address: '1 Nowhere Lane' } })).toMatchObject({
      status: 404,
      body: { message: UNKNOWN_ADDRESS },
    });
    expect(await visitor().request('POST', '/api/valuation', { json: { latitude: 47.6 } })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Give an address, or a latitude and a longitude') },
    });
    expect(await visitor().request('POST', '/api/valuation', { json: { latitude: 47.6, longitude: -122.3, beds: -1 } })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('beds') },
    });
    expect(await visitor().request('POST', '/api/valuation', { json: { latitude: 47.6, longitude: -122.3, asOf: '2015-02-30' } })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('asOf must be a date') },
    });
  });
});
