import { describe, expect, it } from 'vitest';
import { ballardSales, importItems } from '../../../../tests/support/ballard-sales';
import { demoUser, settle, signIn } from '../../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../../tests/support/dashboard-server';
import { WebClient } from '../../../../tests/support/web-client';
import { systemContext } from '../../../commands/command-context';
import { importListings } from '../../listings';

/** The /sell form: one seller lead with its home's value on the timeline, however often it is sent. */
describe('POST /api/valuation/seller-lead', () => {
  const app = dashboardServer(async (server) => {
    await importListings(server.runtime.store, importItems(await ballardSales()), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  });
  const HOME = {
    address: '2400 NW 65th St, Seattle, WA 98117',
    value: { latitude: 47.6755, longitude: -122.3862, beds: 3, baths: 2, livingArea: 1800, asOf: '2015-03-01' },
  };
  const form = (email: string) => ({ FullName: 'Sam Seller', Email: email, Phone: '2065550199', SellerTimeframe: '3 months', Home: HOME });

  const timeline = async (leadId: string) => {
    const jane = await signIn(app.server, demoUser('agent').email);
    const res = await jane.get(`/api/dashboard/leads/${leadId}`);
    expect(res.status, res.text).toBe(200);
    return res.body as { lead: { leadType: string }; timeline: { type: string; summary: string }[] };
  };

  it('makes a seller lead, routed to the site’s agent, with the estimate, range and comps on its timeline; sent again, still one lead and one line', async () => {
    const visitor = WebClient.for(app.server.url, 'jane.localhost');
    const first = await visitor.post('/api/valuation/seller-lead', form('sam.seller@example.com'));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ isSuccess: true, leadId: expect.any(String), estimate: expect.any(Number) });
    await settle(app.server);

    const seen = await timeline(first.body.leadId);
    expect(seen.lead.leadType).toBe('Seller');
    const lines = seen.timeline.filter((t) => t.type === 'HomeValueRequested');
    expect(lines).toHaveLength(1);
    const money = `$${first.body.estimate.toLocaleString('en-US')}`;
    expect(lines[0]!.summary).toMatch(new RegExp(`^Home value requested: 2400 NW 65th St — \\${money} \\(\\$\\d+k–\\$\\d+k\\), 16 comps$`));
    expect(seen.timeline.some((t) => t.type === 'LeadAssigned')).toBe(true);

    // The same visitor (signed in by the first send) sends it again: nothing new.
    const again = await visitor.post('/api/valuation/seller-lead', form('sam.seller@example.com'));
    expect(again.status, again.text).toBe(200);
    expect(again.body.leadId).toBe(first.body.leadId);
    await settle(app.server);
    const after = await timeline(first.body.leadId);
    expect(after.timeline.filter((t) => t.type === 'HomeValueRequested')).toHaveLength(1);
    expect(after.timeline.filter((t) => t.type === 'InquirySubmitted')).toHaveLength(1);

    // Someone else with that address, not signed in: 409 as every inquiry, and no second lead.
    const stranger = await WebClient.for(app.server.url, 'jane.localhost').post('/api/valuation/seller-lead', form('sam.seller@example.com'));
    expect(stranger).toMatchObject({ status: 409, body: { message: 'Email already in use' } });
  });

  it('checks the form as every inquiry, and says so when the home cannot be valued', async () => {
    const visitor = () => WebClient.for(app.server.url, 'jane.localhost');
    expect(await visitor().post('/api/valuation/seller-lead', { ...form('x@example.com'), Phone: '12' })).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid phone number' },
    });
    expect(await visitor().post('/api/valuation/seller-lead', { ...form('x@example.com'), Home: { address: '1 A St', value: {} } })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Give an address, or a latitude and a longitude') },
    });
    expect(
      await visitor().post('/api/valuation/seller-lead', {
        ...form('far@example.com'),
        Home: { address: '1 Ocean Dr, Miami', value: { latitude: 25.76, longitude: -80.19 } },
      }),
    ).toMatchObject({ status: 404, body: { message: 'No comparable sale is near enough to value this home' } });
  });
});
