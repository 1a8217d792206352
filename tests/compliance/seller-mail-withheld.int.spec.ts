import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { loadLead } from '../../src/modules/leads';
import { importListings } from '../../src/modules/listings';
import { ballardSales, importItems } from '../support/ballard-sales';
import { queueDigests } from '../../src/modules/valuation/seller-mail/home-digest.scheduler';
import { cmaStream } from '../../src/modules/valuation/valuation.events';
import { demoUser, newLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { mailsTo } from '../support/mail-outbox';
import { sendSellerLead } from '../support/seller-lead';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const WITHHELD = 'E-mail not sent: the lead turned e-mail off';

/**
 * The seller e-mails to a lead (homeowner digest, market report, CMA link) that the lead's e-mail
 * consent refuses when they go out: not sent, and the lead's timeline says why, as for a property
 * alert refused the same way.
 */
describe('a seller e-mail to a lead who turned e-mail off', () => {
  // A seller lead's home is valued from the sales around it.
  const app = dashboardServer(async (server) => {
    await importListings(server.runtime.store, importItems(await ballardSales()), { mls: 'KC', ctx: systemContext() });
    await settle(server);
  });
  const pool = () => app.server.runtime.db.pool;
  const turnEmailOff = async (client: WebClient) => {
    expect((await client.post('/api/account/update', { UnsubscribeEmail: true })).status).toBeLessThan(300);
    await settle(app.server);
  };
  /** The row's state once the sender took it, after the outbox was filled. */
  const leftAs = async (leadId: string, kind: string) => {
    const stateOf = async () =>
      (await pool().query<{ state: string }>('SELECT state FROM seller_mail_outbox WHERE lead_id = $1 AND kind = $2', [leadId, kind])).rows[0]?.state;
    for (let i = 0; i < 400 && [undefined, 'pending'].includes(await stateOf()); i++) await new Promise((r) => setTimeout(r, 25));
    return stateOf();
  };
  const withheldLines = async (leadId: string) => {
    await settle(app.server);
    const agent = await signIn(app.server, jane.email, 'jane.localhost');
    const timeline = (await agent.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[];
    return timeline.map((t) => t.summary).filter((s) => s.startsWith('E-mail not sent'));
  };
  const sellerLead = async (email: string) => {
    const sent = await sendSellerLead(app.server.url, {
      FullName: 'Dana Owner',
      Email: email,
      Phone: '2065550178',
      address: '2400 NW 65th St, Seattle, WA 98117',
    });
    await settle(app.server);
    return sent;
  };

  it("the homeowner digest: the month's digest is suppressed, and the timeline says why once", async () => {
    const email = 'withheld.digest@example.com';
    const { visitor, leadId } = await sellerLead(email);
    await turnEmailOff(visitor);
    expect(await queueDigests(pool(), new Date('2015-03-10T08:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await leftAs(leadId, 'digest')).toBe('suppressed');
    expect(await mailsTo(pool(), email)).toEqual([]);
    expect(await withheldLines(leadId)).toEqual([WITHHELD]);
  });

  it("the market report: the month's e-mail is suppressed, and the timeline says why once", async () => {
    const { client, leadId, email } = await newLead(app.server, 'jane.localhost', { LeadType: 'Market report', Message: 'The Seattle report, please.' });
    expect((await client.post('/api/market/subscribe', { path: '/market/seattle' })).status).toBe(200);
    await turnEmailOff(client);
    expect(await queueDigests(pool(), new Date('2026-07-02T08:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await leftAs(leadId, 'market')).toBe('suppressed');
    expect((await mailsTo(pool(), email)).filter((m) => m.subject.includes('housing market'))).toEqual([]);
    expect(await withheldLines(leadId)).toEqual([WITHHELD]);
  });

  it('the CMA link: a send decided just before the lead turned e-mail off is suppressed, and the timeline says why once', async () => {
    const email = 'withheld.cma@example.com';
    const { visitor, leadId } = await sellerLead(email);
    await turnEmailOff(visitor);
    // The send as another instance decided it a moment before the lead's unsubscribing landed (the request now is refused with 403).
    const { lead } = await loadLead(app.server.runtime.store, leadId);
    expect(lead.exists).toBe(true);
    const siteId = lead.exists ? lead.siteId : '';
    const ctx = systemContext(new Date(), siteId);
    const expiresAt = new Date(Date.now() + 14 * 86_400_000).toISOString();
    await app.server.runtime.store.append(cmaStream(leadId), 'any', [
      {
        type: 'CmaSent',
        data: { leadId, siteId, sendId: randomUUID(), version: 0, byUserId: jane.userId, expiresAt },
        eventId: randomUUID(),
        metadata: metadataOf(ctx),
      },
    ]);
    await settle(app.server);
    expect(await leftAs(leadId, 'cma')).toBe('suppressed');
    expect(await mailsTo(pool(), email)).toEqual([]);
    expect(await withheldLines(leadId)).toEqual([WITHHELD]);
  });
});
