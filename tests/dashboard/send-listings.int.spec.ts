import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TURNED_OFF } from '../../src/modules/listing-mail/send-listings/listing-mail.decide';
import { ListingMailSender } from '../../src/modules/listing-mail/send-listings/listing-mail-sender.reactor';
import { FORGED_LINK, NOT_OUR_LINK } from '../../src/modules/listing-mail/send-listings/listing-mail-track.http';
import { home, importHomes } from '../organizer/organizer-fixture';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { type OutboxMail, mailsTo, waitForMail } from '../support/mail-outbox';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const M1 = '00000000-0000-4000-8000-0000000000a1';

const HOMES = [
  home('EV1', { UnparsedAddress: '16884 Evergreen Ct', ListPrice: 725_000, ListOfficeName: 'Barton Hills Realty', ListAgentFullName: 'Dana Whitfield' }),
  home('LS2', { UnparsedAddress: '2 Elm St', ListPrice: 2100, PropertyType: 'Residential Lease', ListOfficeName: 'Crestview Property Group' }),
  home('FV3', { UnparsedAddress: '3 Fir Ave', ListPrice: 610_000 }),
];

/** Listings e-mailed to a lead from the lead page: cards through the outbox once, consent, scope, opens and clicks in the timeline. */
describe('send listings to a lead (issue 16)', () => {
  const app = dashboardServer();
  let lead: { client: WebClient; leadId: string; email: string };
  let janeC: WebClient;

  const path = (leadId: string, what: string) => `/api/dashboard/leads/${leadId}/listings/${what}`;
  const eventsOf = async (streamId: string) =>
    (
      await app.server.runtime.db.pool.query<{ type: string; data: Record<string, unknown> }>(
        'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position',
        [streamId],
      )
    ).rows;
  const sentMails = async (to: string) => (await mailsTo(app.server.runtime.db.pool, to)).filter((m) => m.subject.startsWith('Jane Agent sent you'));
  const timelineOf = async (leadId: string) =>
    ((await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { type: string; summary: string }[]).map((t) => t.summary);
  /** The path and query of an address in the e-mail (the site's own host). */
  const local = (url: string) => {
    const u = new URL(url.replace(/&amp;/g, '&'));
    return `${u.pathname}${u.search}`;
  };

  beforeAll(async () => {
    const { server } = app;
    await importHomes(server, HOMES);
    // An inquiry on Jane's own site is hers (own-site rule).
    lead = await janesLead(server, { FullName: 'Ada Lovelace' });
    janeC = await signIn(server, jane.email, 'jane.localhost');
  });

  it('finds active listings by address or MLS number, and the lead’s favourites and viewed homes', async () => {
    const { server } = app;
    const byAddress = await janeC.get(`${path(lead.leadId, 'find')}?q=16884%20ever`);
    expect(byAddress.status, byAddress.text).toBe(200);
    expect(byAddress.body.listings).toEqual([
      {
        pdid: 'T-EV1',
        mlsid: 'MLEV1',
        address: '16884 Evergreen Ct, Seattle, WA',
        price: '$725,000',
        facts: '3 bd · 2 ba · 1,500 sq ft',
        photo: '/demo-photos/1.svg',
        status: 'Active',
        courtesy: 'Listing courtesy of Dana Whitfield, Barton Hills Realty',
      },
    ]);
    expect((await janeC.get(`${path(lead.leadId, 'find')}?q=mlls2`)).body.listings.map((l: { pdid: string; price: string }) => [l.pdid, l.price])).toEqual([
      ['T-LS2', '$2,100/mo'],
    ]);
    expect(await janeC.get(`${path(lead.leadId, 'find')}?q=x`)).toMatchObject({ status: 400, body: { message: 'Type at least 2 characters' } });

    expect((await lead.client.post('/api/organizer/favorite', { pdid: 'T-FV3' })).status).toBe(204);
    expect((await lead.client.post('/api/lead/activity', { type: 'ListingViewed', pdid: 'T-EV1' })).status).toBe(204);
    await settle(server);
    const kept = await janeC.get(path(lead.leadId, 'kept'));
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.favorites.map((l: { pdid: string }) => l.pdid)).toEqual(['T-FV3']);
    expect(kept.body.viewed.map((l: { pdid: string }) => l.pdid)).toEqual(['T-EV1']);
  });

  it('sends one e-mail with a card per listing (photo, price per month for a lease, facts, attribution, signed links) exactly once', async () => {
    const { server } = app;
    const send = () => janeC.post(path(lead.leadId, 'send'), { pdids: ['T-EV1', 'T-LS2'], note: 'Two I <3', messageId: M1 });
    const first = await send();
    expect(first.status, first.text).toBe(202);
    expect(first.body).toEqual({ messageId: M1 });
    // The same request again (a retry) records and sends nothing more.
    expect((await send()).status).toBe(202);
    const mail: OutboxMail = await waitForMail(server.runtime.db.pool, lead.email, (m) => m.subject === 'Jane Agent sent you 2 homes — Jane Agent Homes');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('Jane Agent wrote:\nTwo I <3\n');
    expect(mail.text).toMatch(
      /16884 Evergreen Ct, Seattle, WA — \$725,000 — 3 bd · 2 ba · 1,500 sq ft\nListing courtesy of Dana Whitfield, Barton Hills Realty\nhttp:\/\/jane\.localhost:\d+\/api\/listing-mail\/[0-9a-f-]{36}\/click\?to=%2Flisting%2FT-EV1&t=/,
    );
    expect(mail.text).toContain('2 Elm St, Seattle, WA — $2,100/mo');
    expect(mail.text).toContain('Listing courtesy of Crestview Property Group');
    expect(mail.html).toContain('Two I &lt;3');
    expect(mail.html).toMatch(/<img src="http:\/\/jane\.localhost:\d+\/demo-photos\/1\.svg"/);
    expect(mail.html).toContain('$2,100/mo');
    expect(mail.html).toMatch(/api\/listing-mail\/[0-9a-f-]{36}\/pixel\.gif\?t=/);
    await settle(server);
    await server.app.get(ListingMailSender).sendPending();
    expect(await sentMails(lead.email)).toHaveLength(1);
    expect((await eventsOf(`listingmail-${M1}`)).map((e) => e.type)).toEqual(['ListingsSentToLead']);
    const { rows } = await server.runtime.db.pool.query('SELECT state FROM listing_mail_outbox WHERE message_id = $1', [M1]);
    expect(rows).toEqual([{ state: 'sent' }]);
    expect(await timelineOf(lead.leadId)).toContain('Sent 2 listings by e-mail: 16884 Evergreen Ct; 2 Elm St');
  });

  it('records the first opening of the image, each click (a repeat within a minute once), only to our own listing pages', async () => {
    const { server } = app;
    const [mail] = await sentMails(lead.email);
    const pixel = local(/<img src="([^"]+pixel\.gif[^"]+)"/.exec(mail!.html!)![1]!);
    const clicks = [...mail!.text.matchAll(/(http:\S+\/click\?\S+)/g)].map((m) => local(m[1]!));
    expect(clicks).toHaveLength(2);
    const visitor = WebClient.for(server.url, 'jane.localhost');

    for (let i = 0; i < 3; i++) {
      const img = await visitor.get(pixel);
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/gif');
    }
    const toEvergreen = await visitor.get(clicks[0]!);
    expect(toEvergreen.status).toBe(302);
    expect(toEvergreen.headers.location).toBe('/listing/T-EV1');
    expect((await visitor.get(clicks[0]!)).status).toBe(302);
    expect((await visitor.get(clicks[1]!)).headers.location).toBe('/listing/T-LS2');
    expect((await eventsOf(`listingmail-${M1}`)).map((e) => e.type)).toEqual([
      'ListingsSentToLead',
      'ListingEmailOpened',
      'ListingEmailClicked',
      'ListingEmailClicked',
    ]);

    // Anywhere but one of our listing pages is refused: no open redirect.
    const token = new URL(clicks[0]!, 'http://x').searchParams.get('t')!;
    const clickPath = clicks[0]!.split('?')[0]!;
    for (const to of ['https://evil.example/listing/T-EV1', '//evil.example/listing/T-EV1', '/listing/T-EV1/../../evil', '/account', '/listing/']) {
      const res = await visitor.get(`${clickPath}?to=${encodeURIComponent(to)}&t=${encodeURIComponent(token)}`);
      expect(res, to).toMatchObject({ status: 400, body: { message: NOT_OUR_LINK } });
      expect(res.headers.location).toBeUndefined();
    }
    // A forged token, or a good one moved to another listing, is refused; an image with a bad token still answers an image and records nothing.
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await visitor.get(`${clickPath}?to=%2Flisting%2FT-EV1&t=${encodeURIComponent(forged)}`)).toMatchObject({
      status: 403,
      body: { message: FORGED_LINK },
    });
    expect((await visitor.get(`${clickPath}?to=%2Flisting%2FT-LS2&t=${encodeURIComponent(token)}`)).status).toBe(403);
    expect((await visitor.get(`${clickPath}?to=%2Flisting%2FT-EV1`)).status).toBe(403);
    expect((await visitor.get(pixel.replace(/t=[^&]+/, 't=v1.pixel.x.1.y'))).status).toBe(200);
    expect((await eventsOf(`listingmail-${M1}`)).length).toBe(4);

    await settle(server);
    const timeline = await timelineOf(lead.leadId);
    expect(timeline).toContain('Opened the listings you sent');
    expect(timeline).toContain('Clicked 16884 Evergreen Ct');
    expect(timeline).toContain('Clicked 2 Elm St');
  });

  it('refuses with 403 and a message when the lead turned e-mail off', async () => {
    const { server } = app;
    const quiet = await janesLead(server, { FullName: 'Quinn Quiet' });
    expect((await quiet.client.post('/api/account/update', { UnsubscribeEmail: true })).status).toBeLessThan(300);
    const res = await janeC.post(path(quiet.leadId, 'send'), { pdids: ['T-EV1'] });
    expect(res).toMatchObject({ status: 403, body: { message: EMAIL_TURNED_OFF } });
    await settle(server);
    expect(await sentMails(quiet.email)).toEqual([]);
  });

  it('is scoped: another agent 404, the lead 403, signed out 401, the broker and staff may; bad bodies 400', async () => {
    const { server } = app;
    const alexC = await signIn(server, alex.email);
    expect((await alexC.post(path(lead.leadId, 'send'), { pdids: ['T-EV1'] })).status).toBe(404);
    expect((await alexC.get(path(lead.leadId, 'kept'))).status).toBe(404);
    expect((await alexC.get(`${path(lead.leadId, 'find')}?q=16884`)).status).toBe(404);
    expect((await lead.client.post(path(lead.leadId, 'send'), { pdids: ['T-EV1'] })).status).toBe(403);
    expect((await WebClient.for(server.url, 'jane.localhost').get(path(lead.leadId, 'kept'))).status).toBe(401);
    expect((await (await signIn(server, broker.email)).get(`${path(lead.leadId, 'find')}?q=16884`)).status).toBe(200);
    expect((await (await signIn(server, 'staff@porchlight.test')).get(path(lead.leadId, 'kept'))).status).toBe(200);
    for (const [body, message] of [
      [{ pdids: [] }, 'Pick at least one listing'],
      [{ pdids: Array.from({ length: 11 }, (_, i) => `T-${i}`) }, 'At most 10 listings in one e-mail'],
      [{ pdids: ['T-NOPE'] }, 'Not listed any more: T-NOPE'],
      [{ pdids: ['T-EV1'], note: 'x'.repeat(1001) }, 'note is too long (at most 1000 characters)'],
      [{ pdids: ['T-EV1'], to: 'someone@else.test' }, 'Unknown field: to'],
    ] as const) {
      expect(await janeC.post(path(lead.leadId, 'send'), body), JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
  });
});
