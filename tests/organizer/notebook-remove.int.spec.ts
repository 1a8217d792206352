import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { castOf, signedIn } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';
import { home, importHomes, signedUpLead } from './organizer-fixture';

type Entry = { pdid: string; notebooks: string[]; listing?: Record<string, unknown> | null };

/** Taking a listing out of a notebook, and the homes' briefs the organizer page shows (issue 8). */
describe('notebooks: taking a listing out, and the briefs of kept homes', () => {
  let db: TestDatabase;
  let server: Started;
  let cast: Awaited<ReturnType<typeof castOf>>;
  let ada: WebClient;
  let notebookId: string;
  const caughtUp = () => server.runtime.runner.waitForCatchUp();
  const eventsOf = async (type: string) => (await db.pool.query('SELECT stream_id, data FROM events WHERE type = $1 ORDER BY global_position', [type])).rows;
  const entries = async (query = ''): Promise<Entry[]> => {
    const res = await ada.get(`/api/organizer/headers${query}`);
    expect(res.status).toBe(200);
    return res.body.listings;
  };
  const entry = async (pdid: string, query = '') => (await entries(query)).find((l) => l.pdid === pdid);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    cast = await castOf(server);
    await importHomes(server, [
      home('R1', { UnparsedAddress: '12 Remove Rd', ListPrice: 725_000, BedroomsTotal: 4, BathroomsTotalInteger: 3 }),
      home('R2'),
      home('R3', { UnparsedAddress: '3 Gone St' }),
    ]);
    ada = await signedUpLead(server, 'ada-notebook@example.com');
    const nb = await ada.post('/api/organizer/focus', { name: 'Shortlist', pdid: 'T-R1' });
    expect(nb.status).toBe(200);
    notebookId = nb.body.notebookId;
    expect((await ada.post('/api/organizer/focus', { notebookId, pdid: 'T-R3' })).status).toBe(200);
    expect((await ada.post('/api/organizer/favorite', { pdid: 'T-R2' })).status).toBe(204);
    // T-R3 leaves the feed: it stays filed, but the search index no longer has it.
    await importHomes(server, [{ ListingKey: 'R3', StandardStatus: 'Delete', ModificationTimestamp: '2024-06-01T00:00:00Z' }]);
    await caughtUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("with listing=1, headers carry each kept home's brief from the search index (null once no longer listed); without it, none", async () => {
    const all = await entries('?listing=1');
    expect(all.find((l) => l.pdid === 'T-R1')).toMatchObject({
      notebooks: [notebookId],
      listing: {
        address: '12 Remove Rd',
        city: 'Seattle',
        state: 'WA',
        zip: '98101',
        price: 725_000,
        beds: 4,
        baths: 3,
        status: 'Active',
        photo: '/demo-photos/1.svg',
      },
    });
    expect(all.find((l) => l.pdid === 'T-R2')!.listing).toMatchObject({ address: '200 Pine St' });
    expect(all.find((l) => l.pdid === 'T-R3')).toMatchObject({ notebooks: [notebookId], listing: null });
    expect((await entry('T-R1', '?pdids=T-R1,T-R3&listing=1'))!.listing).toMatchObject({ address: '12 Remove Rd' });
    expect(await entry('T-R1')).not.toHaveProperty('listing');
    expect((await ada.get('/api/organizer/headers?listing=yes')).status).toBe(400);
    expect((await ada.get('/api/organizer/headers?colour=red')).body).toEqual({ message: 'Unknown field: colour' });
  });

  it('refuses a listing not filed in the notebook, an unknown notebook, a bad body and a signed-out visitor, recording nothing', async () => {
    const notFiled = await ada.post('/api/organizer/notebook/remove', { notebookId, pdid: 'T-R2' });
    expect(notFiled).toMatchObject({ status: 404, body: { message: 'This home is not in that notebook' } });
    const unknown = await ada.post('/api/organizer/notebook/remove', { notebookId: '00000000-0000-4000-8000-000000000000', pdid: 'T-R1' });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No such notebook' } });
    expect((await ada.post('/api/organizer/notebook/remove', { notebookId, pdid: 'T-R1', remove: true })).body).toEqual({ message: 'Unknown field: remove' });
    expect((await ada.post('/api/organizer/notebook/remove', { notebookId: 'x', pdid: 'T-R1' })).body).toEqual({ message: 'notebookId is not valid' });
    expect((await WebClient.for(server.url).post('/api/organizer/notebook/remove', { notebookId, pdid: 'T-R1' })).status).toBe(401);
    // Another lead's notebook is not one of hers: no such notebook.
    const bob = await signedUpLead(server, 'bob-notebook@example.com');
    expect((await bob.post('/api/organizer/notebook/remove', { notebookId, pdid: 'T-R1' })).status).toBe(404);
    expect(await eventsOf('ListingRemovedFromNotebook')).toHaveLength(0);
  });

  it('takes a filed listing out once: one event, headers no longer put it in the notebook, the rest it keeps stays', async () => {
    expect((await ada.post('/api/organizer/note', { pdid: 'T-R1', note: 'Steep drive' })).status).toBe(204);
    expect((await ada.post('/api/organizer/notebook/remove', { notebookId, pdid: 'T-R1' })).status).toBe(204);
    const again = await ada.post('/api/organizer/notebook/remove', { notebookId, pdid: 'T-R1' });
    expect(again).toMatchObject({ status: 404, body: { message: 'This home is not in that notebook' } });
    const removed = await eventsOf('ListingRemovedFromNotebook');
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ stream_id: `organizer-${removed[0].data.leadId}`, data: { notebookId, pdid: 'T-R1' } });
    await caughtUp();
    expect(await entry('T-R1')).toMatchObject({ notebooks: [], note: 'Steep drive' });
    expect((await entry('T-R3'))!.notebooks).toEqual([notebookId]);
  });

  it('takes out a listing no longer listed, and files a listing again after taking it out', async () => {
    expect((await ada.post('/api/organizer/notebook/remove', { notebookId, pdid: 'T-R3' })).status).toBe(204);
    expect((await ada.post('/api/organizer/focus', { notebookId, pdid: 'T-R1' })).status).toBe(200);
    await caughtUp();
    expect((await entry('T-R3'))!.notebooks).toEqual([]);
    expect((await entry('T-R1'))!.notebooks).toEqual([notebookId]);
  });

  it("shows filing and taking out in the agent's timeline", async () => {
    await caughtUp();
    const leadId = (await eventsOf('ListingRemovedFromNotebook'))[0].data.leadId;
    const staff = await signedIn(server, cast.staff);
    const res = await staff.get(`/api/dashboard/leads/${leadId}`);
    expect(res.status).toBe(200);
    const lines = res.body.timeline.map((t: { type: string; summary: string }) => `${t.type}: ${t.summary}`);
    expect(lines.filter((l: string) => /NotebookFocused|InNotebook|FromNotebook/.test(l))).toEqual(
      // Named by address; T-R3 left the feed, so the index no longer knows it.
      expect.arrayContaining([
        'ListingFiledInNotebook: Filed 12 Remove Rd in a notebook',
        'ListingRemovedFromNotebook: Took 12 Remove Rd out of a notebook',
        'ListingRemovedFromNotebook: Took a home no longer listed out of a notebook',
      ]),
    );
    expect(lines.filter((l: string) => l === 'ListingRemovedFromNotebook: Took 12 Remove Rd out of a notebook')).toHaveLength(1);
    expect(lines.filter((l: string) => l.startsWith('ListingFiledInNotebook'))).toHaveLength(3);
  });
});
