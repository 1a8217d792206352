import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alertsProjection } from '../../projections/alerts';
import { rebuildProjection } from '../../projections/runner';
import { searchProjection } from '../../projections/search';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { matchChanges, type QueuedChange } from '../../src/modules/alerts/match-alerts/match-changes';
import { SavedSearchCandidates } from '../../src/modules/alerts/match-alerts/saved-search-candidates';
import { importListings, parseSearchRequest } from '../../src/modules/listings';
import { mulberry32 } from '../../src/shared/prng';
import { type AlertFrequency, type OrganizerEvent, organizerStream } from '../../src/modules/organizer';
import { projectedLog } from '../support/projected-log';
import { home, square } from './organizer-fixture';

const SITE = randomUUID();
const CITIES = ['Seattle', 'Kent', 'Bellevue', 'Renton'];
const ZIPS = ['98101', '98032', '98004', '98055'];

/** Saved searches of every shape the candidate index files differently, over the listings' area and beyond. */
function randomCriteria(rand: () => number): Record<string, string> {
  const lat = 47.45 + rand() * 0.3;
  const lng = -122.45 + rand() * 0.3;
  const band: Record<string, string> = rand() < 0.5 ? { minprice: String(300_000 + Math.floor(rand() * 20) * 10_000) } : {};
  if (rand() < 0.4) band.maxprice = String(450_000 + Math.floor(rand() * 30) * 10_000);
  if (rand() < 0.4) band.beds = String(1 + Math.floor(rand() * 4));
  // Sold searches need a city or a zip (the spec's rule).
  const sold: Record<string, string> = rand() < 0.2 ? { soldproperty: '1' } : {};
  const kind = Math.floor(rand() * 10);
  switch (kind) {
    case 0:
      return { polygonmap: square(lat, lng, 0.01 + rand() * 0.08), ...band };
    case 1:
      return { polygonmap: `${square(lat, lng, 0.02)}:${square(lat + 0.1, lng - 0.1, 0.03)}`, ...band };
    case 2:
      return { radius: String(1 + Math.floor(rand() * 8)), lat: lat.toFixed(5), long: lng.toFixed(5), ...band };
    case 3:
      return { minlat: (lat - 0.05).toFixed(4), maxlat: (lat + 0.05).toFixed(4), minlong: (lng - 0.07).toFixed(4), maxlong: (lng + 0.07).toFixed(4), ...band };
    case 4: // boxes too large for the fine grid (a state) and for both grids (the country)
      return rand() < 0.5
        ? { minlat: '45.5', maxlat: '49', minlong: '-124.8', maxlong: '-116.9', ...band }
        : { minlat: '24.4', maxlat: '49.4', minlong: '-125', maxlong: '-66.9', ...band };
    case 5:
      return { acl_city: rand() < 0.5 ? CITIES[Math.floor(rand() * 4)]! : `${CITIES[0]},${CITIES[Math.floor(rand() * 4)]}`, ...band, ...sold };
    case 6:
      return { acl_zip5: ZIPS[Math.floor(rand() * 4)]!, ...band, ...sold };
    case 7:
      return { acl_county: 'King County', ...band };
    case 8:
      return { kw: rand() < 0.5 ? 'pine' : 'oak', ...band };
    default:
      return { ...band };
  }
}

/**
 * The alerts dispatcher finds candidate saved searches in memory (a grid over their boxes, place
 * keys, the rest always) and only then asks the SearchIndex port. Candidates must never miss a
 * match: for random searches of every shape and every listing, the alerts found equal a brute
 * force over every live saved search through the port, and the index follows frequency changes,
 * deletions and a rebuild of the alerts projection.
 */
describe('the saved-search candidate index', () => {
  const pdids: string[] = [];
  const live = new Map<string, { leadId: string; criteria: Record<string, string>; frequency: AlertFrequency }>();
  let n = 0;

  const leads: string[] = [];
  /** Every fifth search is another search of an earlier lead: its matches merge into one alert. */
  const save = async (criteria: Record<string, string>, frequency: AlertFrequency = 'instant') => {
    const leadId = n % 5 === 4 && leads.length > 0 ? leads[(n * 7) % leads.length]! : randomUUID();
    leads.push(leadId);
    const searchId = randomUUID();
    const req = parseSearchRequest(criteria, 'list');
    await append(leadId, {
      type: 'SavedSearchSaved',
      data: {
        leadId,
        userId: randomUUID(),
        siteId: SITE,
        searchId,
        name: `S${n++}`,
        criteria,
        searchQs: req.searchQs,
        searchTitle: req.searchTitle,
        frequency,
      },
    });
    live.set(searchId, { leadId, criteria, frequency });
    return searchId;
  };
  const append = (leadId: string, event: OrganizerEvent) =>
    given.store.append(organizerStream(leadId), 'any', [{ ...event, eventId: randomUUID(), metadata: metadataOf(systemContext()) }]);
  const owner = (searchId: string) => {
    const s = live.get(searchId)!;
    return { leadId: s.leadId, userId: randomUUID(), siteId: SITE, searchId };
  };
  /** A change after everything: every live search existed before it. */
  const changeOf = (pdid: string): QueuedChange => ({
    event_id: randomUUID(),
    pdid,
    kind: 'new',
    detail: {},
    tx_id: '9223372036854775806',
    global_position: '1',
    at: new Date(),
  });

  /** What the alerts should be: every live search (frequency not never) asked through the port, by lead. */
  async function bruteForce(): Promise<Map<string, string[]>[]> {
    const searches = [...live.entries()].filter(([, s]) => s.frequency !== 'never');
    const criteria = searches.map(([, s]) => given.index.prepareMatch(parseSearchRequest(s.criteria, 'list').criteria));
    const exact = await given.index.matchEach(pdids.map((pdid) => ({ pdid, criteria })));
    return exact.map((row) => {
      const byLead = new Map<string, string[]>();
      row.forEach((hit, j) => {
        if (!hit) return;
        const [searchId, s] = searches[j]!;
        byLead.set(s.leadId, [...(byLead.get(s.leadId) ?? []), searchId].sort());
      });
      return byLead;
    });
  }
  async function viaCandidates(candidates: SavedSearchCandidates): Promise<Map<string, string[]>[]> {
    const client = await given.db.pool.connect();
    try {
      await candidates.refresh(client);
      const found = await matchChanges(client, given.index, candidates, pdids.map(changeOf));
      return found.map((alerts) => new Map(alerts.map((a) => [a.leadId, [...a.searchIds].sort()])));
    } finally {
      client.release();
    }
  }

  const given = projectedLog([searchProjection, alertsProjection], async (store) => {
    const rand = mulberry32(11);
    const records = Array.from({ length: 120 }, (_, i) =>
      home(`C${i}`, {
        Latitude: 47.45 + rand() * 0.3,
        Longitude: -122.45 + rand() * 0.3,
        City: CITIES[i % 4],
        PostalCode: ZIPS[(i + 1) % 4],
        CountyOrParish: i % 3 === 0 ? 'Pierce' : 'King',
        ListPrice: 300_000 + Math.floor(rand() * 40) * 10_000,
        BedroomsTotal: i % 7 === 0 ? null : 1 + (i % 5),
        StandardStatus: i % 10 === 9 ? 'Closed' : 'Active',
        ClosePrice: i % 10 === 9 ? 420_000 : null,
        CloseDate: i % 10 === 9 ? '2024-04-01' : null,
        UnparsedAddress: `${i} ${i % 2 ? 'Pine' : 'Oak'} St`,
      }),
    );
    await importListings(
      store,
      records.map((r, i) => ({ record: i + 1, line: null, parse: () => r })),
      { mls: 'T', ctx: systemContext() },
    );
    pdids.push(...records.map((r) => `T-${r.ListingKey}`));
    for (let i = 0; i < 400; i++) await save(randomCriteria(rand), rand() < 0.1 ? 'never' : 'instant');
  });

  it('finds exactly the alerts a brute force over every saved search finds', async () => {
    const expected = await bruteForce();
    // The data is worth testing: listings match many searches, and far from all of them.
    const sizes = expected.map((m) => m.size);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThan(live.size / 2);
    // Read a few rows at a time: following the table page by page must miss nothing either.
    expect(await viaCandidates(new SavedSearchCandidates((c) => given.index.prepareMatch(c), 7))).toEqual(expected);
  });

  it('follows frequency changes, deletions and new searches, and reloads after a rebuild', async () => {
    const candidates = new SavedSearchCandidates((c) => given.index.prepareMatch(c), 13);
    await viaCandidates(candidates);
    const ids = [...live.keys()];
    for (const id of ids.slice(0, 30)) {
      await append(live.get(id)!.leadId, { type: 'SavedSearchDeleted', data: owner(id) });
      live.delete(id);
    }
    for (const id of ids.slice(30, 60)) {
      const s = live.get(id)!;
      const frequency: AlertFrequency = s.frequency === 'never' ? 'daily' : 'never';
      await append(s.leadId, { type: 'SavedSearchFrequencyChanged', data: { ...owner(id), frequency } });
      live.set(id, { ...s, frequency });
    }
    const rand = mulberry32(12);
    for (let i = 0; i < 40; i++) await save(randomCriteria(rand));
    await given.runner.waitForCatchUp(60_000);
    expect(await viaCandidates(candidates)).toEqual(await bruteForce());

    await rebuildProjection({ pool: given.db.pool, store: given.store, projection: alertsProjection, batchSize: 100 });
    await save({ acl_city: 'Kent' });
    await given.runner.waitForCatchUp(60_000);
    expect(await viaCandidates(candidates)).toEqual(await bruteForce());
  });
});
