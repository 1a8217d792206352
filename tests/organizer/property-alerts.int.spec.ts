import { openedEventsOf } from '../support/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { AlertDispatcher } from '../../src/modules/alerts';
import { type MailboxMessage as Mail, readMailbox } from '../../src/modules/messaging';
import { castOf, signedIn } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import type { WebClient } from '../support/web-client';
import { alertsSettled, home, importHomes, signedUpLead, square } from './organizer-fixture';

/** Downtown Seattle and, about 10 km north, another neighbourhood. */
const DOWNTOWN = square(47.61, -122.33, 0.01);
const NORTH = square(47.7, -122.33, 0.01);

describe('property alerts (issue 8)', () => {
  let db: TestDatabase;
  let server: Started;
  let ada: WebClient;
  let bob: WebClient;
  let carol: WebClient;
  let dan: WebClient;
  let cast: Awaited<ReturnType<typeof castOf>>;

  const mailsTo = (to: string): Promise<Mail[]> => readMailbox(db.pool, to);
  const eventsOf = async (type: string) => (await db.pool.query('SELECT stream_id, data FROM events WHERE type = $1 ORDER BY global_position', [type])).rows;
  const settled = () => alertsSettled(server);
  const save = async (client: WebClient, polygonmap: string, form: Record<string, string> = {}) => {
    const res = await client.post('/api/search/savepdq', { name: 'Homes', ...form, filtersAsString: JSON.stringify({ polygonmap }) });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    cast = await castOf(server);
    ada = await signedUpLead(server, 'ada@alerts.test');
    bob = await signedUpLead(server, 'bob@alerts.test');
    carol = await signedUpLead(server, 'carol@alerts.test');
    dan = await signedUpLead(server, 'dan@alerts.test');
    await save(ada, DOWNTOWN);
    await save(bob, NORTH);
    await save(carol, DOWNTOWN);
    await save(dan, DOWNTOWN, { frequency: 'daily' });
    expect((await carol.post('/api/account/update', { UnsubscribeEmail: true })).status).toBeLessThan(300);
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('a listing imported inside a saved polygon alerts each matching lead exactly once, and nobody outside it', async () => {
    await importHomes(server, [
      home('IN1', { Latitude: 47.612, Longitude: -122.331, UnparsedAddress: '1 Inside Way' }),
      home('OUT1', { Latitude: 47.65, Longitude: -122.33 }),
    ]);
    await settled();
    const adaMail = await mailsTo('ada@alerts.test');
    expect(adaMail).toHaveLength(1);
    expect(adaMail[0]!.subject).toBe('New listing: 1 Inside Way, Seattle, WA — $500,000');
    // The listing link is the alert's signed link (it opens /listing/T-IN1 signed in: alert-open.int.spec.ts).
    expect(adaMail[0]!.text).toMatch(/\/api\/alerts\/[0-9a-f-]{36}\/open\?t=v1\.open\./);
    expect(adaMail[0]!.html).toContain('<img src="http://');
    expect(adaMail[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(adaMail[0]!.headers['List-Unsubscribe']).toMatch(/^<http.*\/api\/account\/unsubscribe\/oneclick\?token=/);
    expect(adaMail[0]!.text).toMatch(/Stop property alerts: http.*On_PropertyAlerts=/);
    expect(await mailsTo('bob@alerts.test')).toHaveLength(0);
    const recorded = await eventsOf('PropertyAlertRecorded');
    expect(recorded.map((e) => e.data.pdid)).toEqual(['T-IN1']);
    expect(recorded[0].data).toMatchObject({ kind: 'new', reason: 'search', change: 'New listing' });
    expect((await eventsOf('PropertyAlertSent')).map((e) => e.stream_id)).toEqual([recorded[0].stream_id]);
    // Importing the same file again changes nothing: no change, no alert.
    await importHomes(server, [home('IN1', { Latitude: 47.612, Longitude: -122.331, UnparsedAddress: '1 Inside Way' })]);
    await settled();
    expect(await mailsTo('ada@alerts.test')).toHaveLength(1);
  });

  it('unsubscribed leads get nothing', async () => {
    expect(await mailsTo('carol@alerts.test')).toHaveLength(0);
    // The address is sealed in the log (issue 18): find carol's account through the store, as the product reads it.
    const carolId = (await openedEventsOf(server.runtime.store, 'UserRegistered')).find((e) => e.data.email === 'carol@alerts.test')!.data.userId;
    const { rows } = await db.pool.query(`SELECT state FROM alert_outbox WHERE user_id = $1`, [carolId]);
    expect(rows.map((r) => r.state)).toEqual(['suppressed']);
  });

  it('a price drop on a favourite sends an update alert, once per lead even when a search matches too', async () => {
    await importHomes(server, [home('FAV1', { Latitude: 47.9, Longitude: -122.2, ListPrice: 600_000, UnparsedAddress: '9 Far Rd' })]);
    expect((await ada.post('/api/organizer/favorite', { pdid: 'T-FAV1' })).status).toBe(204);
    expect((await ada.post('/api/organizer/favorite', { pdid: 'T-IN1' })).status).toBe(204);
    await server.runtime.runner.waitForCatchUp();
    await importHomes(server, [
      home('FAV1', { Latitude: 47.9, Longitude: -122.2, ListPrice: 575_000, UnparsedAddress: '9 Far Rd', ModificationTimestamp: '2024-06-01T00:00:00Z' }),
      home('IN1', {
        Latitude: 47.612,
        Longitude: -122.331,
        UnparsedAddress: '1 Inside Way',
        ListPrice: 490_000,
        ModificationTimestamp: '2024-06-01T00:00:00Z',
      }),
    ]);
    await settled();
    const subjects = (await mailsTo('ada@alerts.test')).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'New listing: 1 Inside Way, Seattle, WA — $500,000',
      'Price reduced $10k: 1 Inside Way, Seattle, WA — $490,000',
      'Price reduced $25k: 9 Far Rd, Seattle, WA — $575,000',
    ]);
    const updates = (await eventsOf('PropertyAlertRecorded')).filter((e) => e.data.kind === 'price-reduced');
    expect(updates.map((e) => [e.data.pdid, e.data.reason]).sort()).toEqual([
      ['T-FAV1', 'favorite'],
      ['T-IN1', 'favorite'],
    ]);
  });

  it('a favourite relisted at a lower price sends one e-mail saying both, and its history has no "Price Reduced … Closed" row', async () => {
    const sold = {
      Latitude: 47.95,
      Longitude: -122.1,
      UnparsedAddress: '7 Relist Ln',
      StandardStatus: 'Closed',
      ListPrice: 500_000,
      ClosePrice: 495_000,
      CloseDate: '2024-05-20',
    };
    await importHomes(server, [home('REL1', sold)]);
    expect((await bob.post('/api/organizer/favorite', { pdid: 'T-REL1' })).status).toBe(204);
    await server.runtime.runner.waitForCatchUp();
    await importHomes(server, [
      home('REL1', { ...sold, StandardStatus: 'Active', ListPrice: 475_000, ClosePrice: null, CloseDate: null, ModificationTimestamp: '2024-07-01T00:00:00Z' }),
    ]);
    await settled();
    const mails = (await mailsTo('bob@alerts.test')).filter((m) => m.subject.includes('7 Relist Ln'));
    expect(mails.map((m) => m.subject)).toEqual(['Back on the market · Price reduced $25k: 7 Relist Ln, Seattle, WA — $475,000']);
    const details = await bob.get('/api/details/T-REL1');
    const rows = (details.body.history as { event: string; status: string | null }[]).map((h) => `${h.event} ${h.status ?? ''}`.trim());
    expect(rows).toContain('Price Reduced Active');
    expect(rows).not.toContain('Price Reduced Closed');
  });

  it('a Coming Soon home that comes on the market is a new listing to the searches it matches and to whoever saved it, not "Back on the market"', async () => {
    const soon = { Latitude: 47.613, Longitude: -122.329, UnparsedAddress: '3 Soon St', StandardStatus: 'Coming Soon' };
    await importHomes(server, [home('SOON1', soon)]);
    await settled();
    expect((await mailsTo('ada@alerts.test')).filter((m) => m.subject.includes('3 Soon St'))).toEqual([]);
    expect((await bob.post('/api/organizer/favorite', { pdid: 'T-SOON1' })).status).toBe(204);
    await server.runtime.runner.waitForCatchUp();
    await importHomes(server, [home('SOON1', { ...soon, StandardStatus: 'Active', ModificationTimestamp: '2024-08-01T00:00:00Z' })]);
    await settled();
    const subjects = async (to: string) => (await mailsTo(to)).filter((m) => m.subject.includes('3 Soon St')).map((m) => m.subject);
    expect(await subjects('ada@alerts.test')).toEqual(['New listing: 3 Soon St, Seattle, WA — $500,000']);
    expect(await subjects('bob@alerts.test')).toEqual(['New listing: 3 Soon St, Seattle, WA — $500,000']);
    const recorded = (await eventsOf('PropertyAlertRecorded')).filter((e) => e.data.pdid === 'T-SOON1');
    expect(recorded.map((e) => [e.data.kind, e.data.reason, e.data.change]).sort()).toEqual([
      ['new', 'favorite', 'New listing'],
      ['new', 'search', 'New listing'],
    ]);
  });

  it("a daily search waits for its digest, which groups the day's matches in one e-mail", async () => {
    await importHomes(server, [home('DAY2', { Latitude: 47.605, Longitude: -122.325, UnparsedAddress: '2 Day St' })]);
    await settled();
    expect(await mailsTo('dan@alerts.test')).toHaveLength(0);
    const dispatcher = server.app.get(AlertDispatcher);
    expect(await dispatcher.sendDigests(new Date())).toBe(0);
    expect(await dispatcher.sendDigests(new Date(Date.now() + 25 * 3600_000))).toBe(1);
    const mails = await mailsTo('dan@alerts.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^4 homes for you this day — /);
    expect(mails[0]!.text).toContain('2 Day St');
    expect(mails[0]!.text).toMatch(/New listing\n.*3 Soon St/);
    expect(mails[0]!.text).not.toContain('Back on the market');
    expect(mails[0]!.text).toContain('1 Inside Way');
    const digestIds = new Set((await eventsOf('PropertyAlertSent')).filter((e) => e.data.digestId).map((e) => e.data.digestId));
    expect(digestIds.size).toBe(1);
    expect(await dispatcher.sendDigests(new Date(Date.now() + 25 * 3600_000))).toBe(0);
  });

  it("shows the lead's saved searches, favourites and the alerts it was sent in the agent's timeline", async () => {
    await server.runtime.runner.waitForCatchUp();
    const leadId = (await eventsOf('PropertyAlertSent')).find((e) => e.data.reason === 'favorite')!.data.leadId;
    const staff = await signedIn(server, cast.staff);
    const res = await staff.get(`/api/dashboard/leads/${leadId}`);
    expect(res.status).toBe(200);
    const lines = res.body.timeline.map((t: { type: string; summary: string }) => `${t.type}: ${t.summary}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'SavedSearchSaved: Saved a search: Homes (instant alerts)',
        'ListingFavorited: Favourited 9 Far Rd',
        'PropertyAlertSent: Alert sent about 1 Inside Way: New listing',
        'PropertyAlertSent: Alert sent about 9 Far Rd: Price reduced $25k',
      ]),
    );
  });
});
