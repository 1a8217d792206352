import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { DEMO_AGENT_MLS_IDS } from '../../src/demo/listings';
import type { Started } from '../../src/main';
import { importListings } from '../../src/modules/listings';
import { SecretKey } from '../../src/modules/accounts';
import { LeadRetentionReactor } from '../../src/modules/privacy';
import { EARLIER_ITEMS_BACKFILL, SealedItemEraser } from '../../src/modules/privacy/erase-sealed-items/sealed-item-eraser';
import type { EventStore } from '../../src/eventstore/event-store.port';
import { demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { waitForMails } from '../support/mail-outbox';
import { WebClient } from '../support/web-client';
import { everyEventOf } from '../support/events';

const DAY = 86_400_000;
const PDID = 'SIE-S1';
const record = {
  ListingKey: 'S1',
  StandardStatus: 'Active',
  ListPrice: 640_000,
  Latitude: 47.62,
  Longitude: -122.32,
  UnparsedAddress: '4 Birch Ct',
  City: 'Seattle',
  StateOrProvince: 'WA',
  PostalCode: '98102',
  ModificationTimestamp: '2024-05-02T12:00:00Z',
  ListAgentMlsId: DEMO_AGENT_MLS_IDS.agent,
};

type Mail = { sendId: string; sellerName: string; sellerEmail: string; erased: boolean };
type Kept = { deliveryId: string; from: string; text: string; prefill: { email: string } };

/**
 * Personal data sealed under keys of its own (a listing report's seller, a kept intake item) is
 * erasable: by staff on request by address, with an account's erasure, by the people who hold it,
 * and by retention; the sealed values read as erased in the log and on every screen after.
 */
describe('erasing the sealed items that belong to no lead or account', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let agent: WebClient;
  let broker: WebClient;
  let staff: WebClient;
  let intakePath: string;

  beforeAll(async () => {
    fixture = await startDashboardServer();
    server = fixture.server;
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => record }], { mls: 'SIE', ctx: systemContext() });
    await settle(server);
    agent = await signIn(server, demoUser('agent').email, 'jane.localhost');
    broker = await signIn(server, demoUser('broker').email, 'demo.localhost');
    staff = await signIn(server, demoUser('staff').email);
    expect((await broker.post('/api/dashboard/lead-flow/tokens', { channel: 'url' })).status).toBe(200);
    intakePath = new URL(((await broker.get('/api/dashboard/lead-flow')).body as { intakeUrl: string }).intakeUrl).pathname;
  });
  afterAll(async () => fixture?.stop());

  const sendReport = async (sellerName: string, sellerEmail: string, note = '') => {
    const sendId = randomUUID();
    const res = await agent.post(`/api/dashboard/listings/${PDID}/activity/mail`, { sendId, sellerName, sellerEmail, note });
    expect(res.status, res.text).toBe(200);
    return sendId;
  };
  const mails = async () => ((await agent.get(`/api/dashboard/listings/${PDID}/activity/mails`)).body as { mails: Mail[] }).mails;
  const mailOf = async (sendId: string) => (await mails()).find((m) => m.sendId === sendId)!;
  /** An intake delivery no parser reads, mentioning the address: kept for the broker. */
  const keepDelivery = async (address: string, words: string) => {
    const res = await WebClient.for(server.url, 'localhost').post(intakePath, { ref: randomUUID(), contact: { mail: address }, note: words }, { origin: null });
    expect(res.status).toBe(422);
    const unread = ((await broker.get('/api/dashboard/lead-flow/unread')).body as { deliveries: Kept[] }).deliveries;
    return unread.find((d) => d.text.includes(words))!;
  };
  /** The send's or delivery's sealed event, as the log gives it to every reader now. */
  const inLog = async (type: string, id: string) => {
    // The whole log, past any transaction still open when it is read (a plain page stops there).
    const events = await everyEventOf(server.runtime.store, [type]);
    return events.find((e) => (e.data as { sendId?: string; deliveryId?: string })[type === 'ListingReportEmailed' ? 'sendId' : 'deliveryId'] === id)!
      .data as Record<string, unknown>;
  };
  const keyOf = async (subject: string) =>
    (await server.runtime.db.pool.query<{ data_key: Buffer | null }>('SELECT data_key FROM personal_data_keys WHERE subject = $1', [subject])).rows[0]
      ?.data_key;
  const erasures = async () => (await everyEventOf(server.runtime.store, ['SealedItemsErased'])).map((e) => e.data as Record<string, unknown>);

  it('a report e-mailed before the index existed is indexed from the log, and so found by its address', async () => {
    const sendId = await sendReport('Earl Early', 'earl.early@example.com');
    // The backfill reads the log, which shows the send only once every older transaction of the
    // cluster (other files' too) has ended: it waits for that, as the next test does.
    expect(await inLog('ListingReportEmailed', sendId)).toBeDefined();
    // A database from before the index: the item is not in it, and the backfill has not run there.
    await server.runtime.db.pool.query('DELETE FROM sealed_item_addresses WHERE subject = $1', [sendId]);
    await server.runtime.db.pool.query('DELETE FROM one_time_backfills WHERE id = $1', [EARLIER_ITEMS_BACKFILL]);
    await new SealedItemEraser(server.runtime.store, server.runtime.db.pool, server.app.get(SecretKey)).indexEarlierItems();
    const res = await staff.post('/api/backoffice/privacy/erase-address', { email: 'earl.early@example.com', reason: 'Asked by e-mail' });
    expect(res.body).toEqual({ isSuccess: true, listingReports: 1, intakeItems: 0 });
    expect(await mailOf(sendId)).toMatchObject({ sellerName: 'Erased person', erased: true });
  });

  it('the earlier items are indexed from the log once per database: two instances starting at once, then a later start, read it once', async () => {
    const onaSend = await sendReport('Ona Once', 'ona.once@example.com');
    // The log shows the send only once every older transaction of the cluster (other files' too) has
    // ended; until then a backfill's read stops before it and finds nothing to index.
    expect(await inLog('ListingReportEmailed', onaSend)).toBeDefined();
    await server.runtime.db.pool.query('DELETE FROM one_time_backfills WHERE id = $1', [EARLIER_ITEMS_BACKFILL]);
    // Each start is a new process over the same database; what each reads of the log is counted.
    const start = async () => {
      const store = server.runtime.store;
      let reads = 0;
      const counted: EventStore = Object.create(store, {
        readAll: { value: (...args: Parameters<EventStore['readAll']>) => (reads++, store.readAll(...args)) },
      });
      await new SealedItemEraser(counted, server.runtime.db.pool, server.app.get(SecretKey)).indexEarlierItems();
      return reads;
    };
    const together = await Promise.all([start(), start()]);
    expect(
      together.filter((n) => n > 0),
      'one of two instances starting at once reads the log',
    ).toHaveLength(1);
    expect(await start(), 'a later start reads no events').toBe(0);
    const marker = await server.runtime.db.pool.query<{ items: number }>('SELECT items FROM one_time_backfills WHERE id = $1', [EARLIER_ITEMS_BACKFILL]);
    expect(marker.rows).toHaveLength(1);
    expect(marker.rows[0]!.items).toBeGreaterThan(0);
  });

  it('staff erase an address on request: every report e-mailed to it and every intake item kept from it, counted, the address recorded nowhere', async () => {
    const address = 'Nia.Nokey@example.com';
    const first = await sendReport('Nia Nokey', address, 'nia-note-words');
    const second = await sendReport('Nia N.', 'nia.nokey@example.com');
    const other = await sendReport('Otto Other', 'otto.other@example.com');
    const kept = await keepDelivery('nia.nokey@example.com', 'nia-intake-words');
    await waitForMails(server.runtime.db.pool, 'nia.nokey@example.com', 2);
    expect(await mailOf(first)).toMatchObject({ sellerName: 'Nia Nokey', sellerEmail: 'nia.nokey@example.com', erased: false });

    const bad = await staff.post('/api/backoffice/privacy/erase-address', { email: 'not-an-address', reason: 'Asked by phone' });
    expect([bad.status, bad.body]).toEqual([400, { message: 'Please enter a valid e-mail address' }]);
    const noReason = await staff.post('/api/backoffice/privacy/erase-address', { email: address, reason: ' ' });
    expect([noReason.status, noReason.body]).toEqual([400, { message: 'Please give a reason' }]);
    const account = await staff.post('/api/backoffice/privacy/erase-address', { email: demoUser('agent').email, reason: 'x' });
    expect(account.status).toBe(409);
    expect((await agent.post('/api/backoffice/privacy/erase-address', { email: address, reason: 'x' })).status).toBe(403);

    const res = await staff.post('/api/backoffice/privacy/erase-address', { email: ` ${address} `, reason: 'Asked by e-mail' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ isSuccess: true, listingReports: 2, intakeItems: 1 });
    // Again: nothing left to erase.
    expect((await staff.post('/api/backoffice/privacy/erase-address', { email: address, reason: 'Again' })).body).toMatchObject({
      listingReports: 0,
      intakeItems: 0,
    });

    for (const id of [first, second]) expect(await keyOf(id)).toBeNull();
    expect(await inLog('ListingReportEmailed', first)).toMatchObject({ sellerName: 'Erased person', sellerEmail: '[erased]', note: '[erased]' });
    expect(await inLog('IntakeDeliveryKept', kept.deliveryId)).toMatchObject({ text: '[erased]' });
    expect(await mailOf(first)).toMatchObject({ sellerName: 'Erased person', sellerEmail: '[erased]', erased: true });
    expect(await mailOf(other)).toMatchObject({ sellerName: 'Otto Other', erased: false });
    const unread = ((await broker.get('/api/dashboard/lead-flow/unread')).body as { deliveries: Kept[] }).deliveries;
    expect(unread.find((d) => d.deliveryId === kept.deliveryId)).toMatchObject({ text: '[erased]', prefill: { email: '' } });
    // The finished messages to the address went too.
    const { rows } = await server.runtime.db.pool.query("SELECT 1 FROM mail_outbox WHERE lower(to_address) = 'nia.nokey@example.com'");
    expect(rows).toEqual([]);

    const record = (await erasures()).find((e) => e.how === 'request' && e.listingReports === 2)!;
    expect(record).toMatchObject({ byUserId: demoUser('staff').userId, reason: 'Asked by e-mail', listingReports: 2, intakeItems: 1 });
    expect(JSON.stringify(record).toLowerCase()).not.toContain('nia');
  });

  it("an account's erasure erases the reports e-mailed to its address too, and says how many", async () => {
    const lead = await newLead(server, 'jane.localhost', { FullName: 'Lena Lead' });
    const sendId = await sendReport('Lena Lead', lead.email);
    await settle(server);
    const userId = ((await lead.client.get('/api/account/me')).body as { userDID: string }).userDID;
    const res = await staff.post(`/api/backoffice/accounts/${userId}/erase`, { reason: 'Asked by e-mail' });
    expect(res.status, res.text).toBe(200);
    expect(await keyOf(sendId)).toBeNull();
    expect(await mailOf(sendId)).toMatchObject({ sellerName: 'Erased person', erased: true });
    const erased = (await server.runtime.store.readStream(`privacy-${userId}`)).find((e) => e.type === 'PersonErased')!;
    expect(erased.data).toMatchObject({ listingReports: 1, intakeItems: 0 });
  });

  it('the agent forgets a seller: the send reads as erased, once; a send not on the listing is 404', async () => {
    const sendId = await sendReport('Fay Forget', 'fay.forget@example.com', 'fay-note');
    const path = `/api/dashboard/listings/${PDID}/activity/mails/${sendId}/forget`;
    const res = await agent.post(path, {});
    expect([res.status, res.body]).toEqual([200, { erased: true }]);
    expect((await agent.post(path, {})).status).toBe(200);
    expect(await keyOf(sendId)).toBeNull();
    expect(await mailOf(sendId)).toMatchObject({ sellerName: 'Erased person', sellerEmail: '[erased]', erased: true });
    expect(await inLog('ListingReportEmailed', sendId)).toMatchObject({ sellerName: 'Erased person', note: '[erased]' });
    const forgotten = (await server.runtime.store.readStream(`listing-activity-${PDID}`)).filter((e) => e.type === 'ListingReportSellerForgotten');
    expect(forgotten.map((e) => e.data)).toEqual([{ sendId, pdid: PDID, byUserId: demoUser('agent').userId }]);
    expect((await agent.post(`/api/dashboard/listings/${PDID}/activity/mails/${randomUUID()}/forget`, {})).status).toBe(404);
    const other = await signIn(server, demoUser('agent2').email, 'jane.localhost');
    expect((await other.post(path, {})).status).toBe(404);
  });

  it('an intake item dismissed or made a lead by hand loses its own key', async () => {
    const dismissed = await keepDelivery('dora.dismissed@example.com', 'dora-words');
    const made = await keepDelivery('milo.made@example.com', 'milo-words');
    expect((await broker.delete(`/api/dashboard/lead-flow/unread/${dismissed.deliveryId}`)).status).toBe(204);
    const lead = await broker.post(`/api/dashboard/lead-flow/unread/${made.deliveryId}/lead`, {
      source: 'Zillow',
      firstName: 'Milo',
      email: 'milo.made@example.com',
    });
    expect(lead.status, lead.text).toBe(201);
    for (const d of [dismissed, made]) {
      expect(await keyOf(d.deliveryId)).toBeNull();
      expect(await inLog('IntakeDeliveryKept', d.deliveryId)).toMatchObject({ text: '[erased]', from: '[erased]' });
    }
  });

  it('retention erases reports past the lead retention (365 days by default) and intake items past 90 days, each once, with a record', async () => {
    const sendId = await sendReport('Rhea Retained', 'rhea.retained@example.com');
    const kept = await keepDelivery('ivan.intake@example.com', 'ivan-words');
    const reactor = server.app.get(LeadRetentionReactor);
    const early = await reactor.sweepSealedItems(new Date(Date.now() + 89 * DAY));
    expect(await mailOf(sendId)).toMatchObject({ erased: false });
    expect(await keyOf(kept.deliveryId)).not.toBeNull();

    const at91 = await reactor.sweepSealedItems(new Date(Date.now() + 91 * DAY));
    expect(at91.intakeItems).toBeGreaterThanOrEqual(1);
    expect(await keyOf(kept.deliveryId)).toBeNull();
    expect(await mailOf(sendId)).toMatchObject({ sellerName: 'Rhea Retained', erased: false });

    const at366 = await reactor.sweepSealedItems(new Date(Date.now() + 366 * DAY));
    expect(at366.listingReports).toBeGreaterThanOrEqual(1);
    expect(await mailOf(sendId)).toMatchObject({ sellerName: 'Erased person', erased: true });
    // Exactly once: nothing is left for another sweep, and each sweep that erased made one record.
    expect(await reactor.sweepSealedItems(new Date(Date.now() + 367 * DAY))).toEqual({ listingReports: 0, intakeItems: 0 });
    const records = (await erasures()).filter((e) => e.how === 'retention');
    expect(records).toHaveLength([early, at91, at366].filter((c) => c.listingReports + c.intakeItems > 0).length);
    expect(records.every((r) => r.byUserId === null)).toBe(true);
  });
});
