import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { listingStream } from '../../src/modules/listings';
import { type MailboxMessage as Mail, readMailbox } from '../../src/modules/messaging';
import { newId } from '../../src/shared/ids';
import { castOf } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';
import { alertsSettled, home, importHomes, signedUpLead, square } from './organizer-fixture';

/** Open houses far enough ahead that the test never outlives them: 28 and 29 November 2099 are a Saturday and a Sunday. */
const saturday = {
  OpenHouseKey: 'SAT',
  OpenHouseStartTime: '2099-11-28T13:00:00-08:00',
  OpenHouseEndTime: '2099-11-28T15:00:00-08:00',
  OpenHouseType: 'Public',
  OpenHouseRemarks: '<b>Cookies</b>',
};
const sunday = { OpenHouseKey: 'SUN', OpenHouseStartTime: '2099-11-29T11:00:00-08:00', OpenHouseEndTime: '2099-11-29T13:00:00-08:00', OpenHouseType: 'Public' };
const brokers = {
  OpenHouseKey: 'BRK',
  OpenHouseStartTime: '2099-11-27T10:00:00-08:00',
  OpenHouseEndTime: '2099-11-27T12:00:00-08:00',
  OpenHouseType: 'Broker',
};
const homeAt = (n: number, OpenHouse: object[]) => home('OH1', { UnparsedAddress: '7 Open Way', ModificationTimestamp: `2024-06-0${n}T00:00:00Z`, OpenHouse });

describe('open houses: the listing page and alerts to those who keep the home', () => {
  let db: TestDatabase;
  let server: Started;
  let ada: WebClient;
  let anyone: WebClient;

  /** Oldest first (the mailbox lists the newest first). */
  const mailsTo = async (to: string): Promise<Mail[]> => (await readMailbox(db.pool, to)).reverse();
  const alertsRecorded = async () =>
    (await db.pool.query(`SELECT data FROM events WHERE type = 'PropertyAlertRecorded' ORDER BY global_position`)).rows.map((r) => r.data);
  const settled = () => alertsSettled(server);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    await castOf(server);
    anyone = WebClient.for(server.url);
    await importHomes(server, [home('OH1', { UnparsedAddress: '7 Open Way' })]);
    ada = await signedUpLead(server, 'ada@openhouse.test');
    const bob = await signedUpLead(server, 'bob@openhouse.test');
    expect((await ada.post('/api/organizer/favorite', { pdid: 'T-OH1' })).status).toBe(204);
    // Bob's saved search finds the home, but saved searches do not hear of open houses.
    const saved = await bob.post('/api/search/savepdq', { name: 'Downtown', filtersAsString: JSON.stringify({ polygonmap: square(47.61, -122.33, 0.01) }) });
    expect(saved.status).toBe(200);
    await settled();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("a favourite's new public open house sends its lead exactly one update alert that says when", async () => {
    await importHomes(server, [homeAt(2, [saturday, brokers])]);
    await settled();
    const mails = await mailsTo('ada@openhouse.test');
    expect(mails.map((m) => m.subject)).toEqual(['Open house Sat, Nov 28, 1–3 PM: 7 Open Way, Seattle, WA — $500,000']);
    expect(mails[0]!.text).toContain('Open house Sat, Nov 28, 1–3 PM (a home you saved)');
    expect(await mailsTo('bob@openhouse.test')).toEqual([]);
    expect((await alertsRecorded()).map((a) => [a.pdid, a.kind, a.reason, a.change])).toEqual([
      ['T-OH1', 'open-house', 'favorite', 'Open house Sat, Nov 28, 1–3 PM'],
    ]);

    // The same record again appends nothing and sends nothing; remarks alone are no news.
    await importHomes(server, [homeAt(2, [saturday, brokers])]);
    await importHomes(server, [homeAt(3, [{ ...saturday, OpenHouseRemarks: 'Coffee' }, brokers])]);
    await settled();
    expect(await mailsTo('ada@openhouse.test')).toHaveLength(1);
  });

  it('a cancelled open house is an update too, once; one that moves is, with its new time', async () => {
    await importHomes(server, [homeAt(4, [{ ...saturday, OpenHouseStatus: 'Cancelled' }, brokers])]);
    await importHomes(server, [homeAt(5, [brokers, { ...sunday, OpenHouseStartTime: '2099-11-29T12:00:00-08:00' }])]);
    await settled();
    expect((await mailsTo('ada@openhouse.test')).map((m) => m.subject)).toEqual([
      'Open house Sat, Nov 28, 1–3 PM: 7 Open Way, Seattle, WA — $500,000',
      'Open house cancelled: Sat, Nov 28, 1–3 PM: 7 Open Way, Seattle, WA — $500,000',
      'Open house Sun, Nov 29, 12–1 PM: 7 Open Way, Seattle, WA — $500,000',
    ]);
    expect(await mailsTo('bob@openhouse.test')).toEqual([]);
    expect((await alertsRecorded()).filter((a) => a.kind === 'open-house-cancelled').map((a) => a.change)).toEqual([
      'Open house cancelled: Sat, Nov 28, 1–3 PM',
    ]);
    await importHomes(server, [homeAt(6, [brokers, sunday])]);
    await settled();
    expect((await mailsTo('ada@openhouse.test')).map((m) => m.subject).at(-1)).toBe('Open house Sun, Nov 29, 11 AM–1 PM: 7 Open Way, Seattle, WA — $500,000');
    expect((await alertsRecorded()).filter((a) => a.kind === 'open-house')).toHaveLength(3);
  });

  it('the listing details answer the open houses still to come, soonest first, as text', async () => {
    // Given an open house that was added when it was still to come and has ended since.
    const stream = listingStream('T-OH1');
    const events = await server.runtime.store.readStream(stream);
    const past = {
      OpenHouseKey: 'PAST',
      OpenHouseStartTime: '2001-05-05T13:00:00-07:00',
      OpenHouseEndTime: '2001-05-05T15:00:00-07:00',
      OpenHouseType: 'Public',
      OpenHouseRemarks: null,
    };
    await server.runtime.store.append(stream, events.at(-1)!.streamPosition, [
      {
        type: 'ListingOpenHouseAdded',
        data: { pdid: 'T-OH1', openHouse: past, listingStatus: 'Active', ModificationTimestamp: null },
        eventId: newId(),
        metadata: metadataOf(systemContext(new Date('2001-05-01T00:00:00Z'))),
      },
    ]);
    await importHomes(server, [homeAt(7, [sunday, brokers, { ...saturday, OpenHouseKey: 'SAT2' }])]);
    const res = await anyone.get('/api/details/T-OH1');
    expect(res.status).toBe(200);
    expect(res.body.openHouses).toEqual([
      { start: '2099-11-27T10:00:00-08:00', end: '2099-11-27T12:00:00-08:00', type: 'Broker', remarks: null },
      { start: '2099-11-28T13:00:00-08:00', end: '2099-11-28T15:00:00-08:00', type: 'Public', remarks: '<b>Cookies</b>' },
      { start: '2099-11-29T11:00:00-08:00', end: '2099-11-29T13:00:00-08:00', type: 'Public', remarks: null },
    ]);
  });
});
