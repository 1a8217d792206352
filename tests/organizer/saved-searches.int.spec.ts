import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { testConfig } from '../support/test-config';
import { castOf } from '../support/backoffice-people';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';
import { home, importHomes, signedUpLead, square, verifiedLead } from './organizer-fixture';

describe('saved searches (PDQ) and the notebook over HTTP', () => {
  let db: TestDatabase;
  let server: Started;
  let ada: WebClient;
  const caughtUp = () => server.runtime.runner.waitForCatchUp();
  const eventsOf = async (type: string) => (await db.pool.query('SELECT stream_id, data FROM events WHERE type = $1 ORDER BY global_position', [type])).rows;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    await castOf(server);
    await importHomes(server, [home('A1'), home('A2', { City: 'Bellevue', PostalCode: '98004', Latitude: 47.61, Longitude: -122.2 })]);
    ada = await verifiedLead(server, 'ada-saved@example.com'); // sharing needs a confirmed address
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('refuses signed-out visitors and malformed criteria with the search API message', async () => {
    const anon = WebClient.for(server.url);
    expect((await anon.post('/api/search/savepdq', { filtersAsString: '{"city":"Seattle"}' })).status).toBe(401);
    const sold = await ada.post('/api/search/savepdq', { filtersAsString: JSON.stringify({ soldproperty: '1' }) });
    expect(sold).toMatchObject({ status: 400, body: { message: 'Please enter a city or zip code to search for sold properties.' } });
    expect((await ada.post('/api/search/savepdq', { filtersAsString: '{"bogus":"1"}' })).body).toEqual({ message: 'Unknown search field: bogus' });
    expect((await ada.post('/api/search/savepdq', { filtersAsString: 'not json' })).body).toEqual({ message: 'filtersAsString is not valid JSON' });
    const tiny = await ada.post('/api/search/savepdq', { polygonmap: '47.6 -122.3, 47.7 -122.3, 47.6 -122.3' });
    expect(tiny.status).toBe(400);
    expect(await eventsOf('SavedSearchSaved')).toHaveLength(0);
  });

  let polygonSearch: string;
  it('saves criteria (polygons included) and answers the path to go to; the same criteria again keep one search', async () => {
    const polygonmap = square(47.61, -122.33, 0.02);
    const res = await ada.post('/api/search/savepdq', { name: 'Downtown', page: '3', filtersAsString: JSON.stringify({ polygonmap, beds: '2' }) });
    expect(res.status).toBe(200);
    expect(res.body.path).toMatch(/^\/search\?beds=2&polygonmap=/);
    polygonSearch = res.body.searchId;
    const again = await ada.post('/api/search/savepdq', { name: 'Downtown', filtersAsString: JSON.stringify({ beds: '2', polygonmap }) });
    expect(again.body.searchId).toBe(polygonSearch);
    await ada.post('/api/search/savepdq', { city: 'Bellevue', name: 'East side', frequency: 'daily' });
    const saved = await eventsOf('SavedSearchSaved');
    expect(saved).toHaveLength(2);
    expect(saved[0].stream_id).toBe(`organizer-${saved[0].data.leadId}`);
    // Kept canonical (the search API's own spelling), without where the visitor was (page).
    expect(saved[0].data.criteria).toEqual({ beds: '2', polygonmap: '47.59 -122.35, 47.59 -122.31, 47.63 -122.31, 47.63 -122.35, 47.59 -122.35' });
    await caughtUp();
    const list = await ada.get('/api/organizer/searches');
    expect(list.body.searches.map((s: { name: string; frequency: string }) => [s.name, s.frequency])).toEqual([
      ['East side', 'daily'],
      ['Downtown', 'instant'],
    ]);
    // Opening a saved search is running its path: it finds what the criteria find.
    const found = await ada.get(`/api/search?${list.body.searches[1].searchQs}`);
    expect(found.body.results.map((c: { pdid: string }) => c.pdid)).toEqual(['T-A1']);
  });

  it('renames, changes the frequency and deletes; only the owner can', async () => {
    expect((await ada.post(`/api/organizer/searches/${polygonSearch}`, { name: 'Pine Street', frequency: 'weekly' })).status).toBe(204);
    expect((await ada.post(`/api/organizer/searches/${polygonSearch}`, { frequency: 'hourly' })).body).toEqual({
      message: 'frequency must be one of instant, daily, weekly, never',
    });
    expect((await ada.post(`/api/organizer/searches/${polygonSearch}`, { colour: 'red' })).status).toBe(400);
    const bob = await signedUpLead(server, 'bob-saved@example.com');
    expect((await bob.delete(`/api/organizer/searches/${polygonSearch}`)).status).toBe(404);
    await caughtUp();
    const list = await ada.get('/api/organizer/searches');
    expect(list.body.searches.find((s: { searchId: string }) => s.searchId === polygonSearch)).toMatchObject({ name: 'Pine Street', frequency: 'weekly' });
    expect((await bob.get('/api/organizer/searches')).body.searches).toEqual([]);
  });

  it('offers the lead its saved searches in autocomplete with IncludeSearches=1 only', async () => {
    await caughtUp();
    const withSearches = await ada.get('/api/search/autocomplete/kw/pine/?IncludeSearches=1');
    expect(withSearches.body.groups[0]).toEqual({
      name: 'Saved Searches',
      groupcount: 1,
      items: [{ friendlyInputName: 'Pine Street', inputName: 'savedsearch', value: expect.stringContaining('polygonmap=') }],
    });
    const without = await ada.get('/api/search/autocomplete/kw/pine/?IncludeSearches=0');
    expect(without.body.groups.some((g: { name: string }) => g.name === 'Saved Searches')).toBe(false);
    const anon = WebClient.for(server.url);
    expect((await anon.get('/api/search/autocomplete/kw/pine/?IncludeSearches=1')).body.groups.some((g: { name: string }) => g.name === 'Saved Searches')).toBe(
      false,
    );
    expect((await ada.delete(`/api/organizer/searches/${polygonSearch}`)).status).toBe(204);
    await caughtUp();
    expect((await ada.get('/api/organizer/searches')).body.searches).toHaveLength(1);
  });

  it('keeps favourites, notes and opinions as organizer events, shown by headers', async () => {
    expect((await ada.post('/api/organizer/favorite', { pdid: 'T-A1' })).status).toBe(204);
    expect((await ada.post('/api/organizer/note', { pdid: 'T-A1', note: '<b>Big</b> yard' })).status).toBe(204);
    expect((await ada.post('/api/organizer/opinion', { pdid: 'T-A2', opinion: 'dislike' })).status).toBe(204);
    expect((await ada.post('/api/organizer/favorite', { pdid: 'T-NOPE' })).status).toBe(404);
    expect((await ada.post('/api/organizer/share', { pdid: 'T-A1', email: 'friend@example.com' })).status).toBe(204);
    expect((await ada.post('/api/organizer/schedule', { pdid: 'T-A1', preferredAt: '2030-01-02T10:00:00Z' })).status).toBe(204);
    const nb = await ada.post('/api/organizer/focus', { name: 'Shortlist', pdid: 'T-A1' });
    expect(nb.status).toBe(200);
    await caughtUp();
    const headers = await ada.get('/api/organizer/headers');
    expect(headers.body.listings).toEqual(
      expect.arrayContaining([
        { pdid: 'T-A1', favorite: true, note: '<b>Big</b> yard', opinion: null, notebooks: [nb.body.notebookId] },
        { pdid: 'T-A2', favorite: false, note: null, opinion: 'dislike', notebooks: [] },
      ]),
    );
    expect(headers.body.notebooks).toEqual([{ notebookId: nb.body.notebookId, name: 'Shortlist', focused: false }]);
    const streams = new Set((await eventsOf('ListingFavorited')).map((e) => e.stream_id));
    expect([...streams]).toEqual([expect.stringMatching(/^organizer-/)]);
  });
});
