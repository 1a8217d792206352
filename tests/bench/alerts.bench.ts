import { randomUUID } from 'node:crypto';
import { SearchIndex } from '../../projections/search';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { DEMO_SITES, DEMO_USERS } from '../../src/demo/demo-accounts';
import type { StreamAppend } from '../../src/eventstore/event-store.port';
import { matchChanges, type QueuedChange } from '../../src/modules/alerts/match-alerts/match-changes';
import { SavedSearchCandidates } from '../../src/modules/alerts/match-alerts/saved-search-candidates';
import { storeMatches } from '../../src/modules/alerts/send-alerts/store-matches';
import { type ImportItem, importListings, parseSearchRequest } from '../../src/modules/listings';
import { mulberry32 } from '../../src/shared/prng';
import { organizerStream, type SavedSearchSaved } from '../../src/modules/organizer';
import type { Benchmark, BenchContext } from './bench';
import { withDemoServer } from './demo-server';

/** The Seattle metro, where the bench's listings and saved searches are. */
const BOX = { minLat: 47.25, maxLat: 47.95, minLng: -122.65, maxLng: -121.75 };
/** A metro's towns and zips: searches by place spread over them as listings do. */
const CITIES = Array.from({ length: 32 }, (_, i) => `Town ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? i : ''}`);
const ZIPS = Array.from({ length: 32 }, (_, i) => String(98001 + i * 3));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
/** Changes the dispatcher takes from alert_changes at once. */
const BATCH = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const record = (key: string, i: number, lat: number, lng: number, extra: Record<string, unknown> = {}) => ({
  ListingKey: key,
  StandardStatus: 'Active',
  ListPrice: 250_000 + ((i * 7919) % 150) * 10_000,
  Latitude: lat,
  Longitude: lng,
  UnparsedAddress: `${i} Bench Way`,
  City: CITIES[i % CITIES.length],
  StateOrProvince: 'WA',
  PostalCode: ZIPS[i % ZIPS.length],
  BedroomsTotal: 1 + (i % 5),
  BathroomsTotalInteger: 1 + (i % 3),
  LivingArea: 800 + (i % 30) * 100,
  PropertyType: 'Residential',
  PropertySubType: 'Single Family Residence',
  ListingContractDate: '2025-01-01',
  Media: [{ MediaURL: '/demo-photos/1.svg', Order: 1 }],
  ...extra,
});

/** Saved searches as people make them: a drawn area, a radius, a city or a zip, mostly with a price band and beds. */
function criteriaAt(rand: () => number): Record<string, string> {
  const lat = BOX.minLat + rand() * (BOX.maxLat - BOX.minLat);
  const lng = BOX.minLng + rand() * (BOX.maxLng - BOX.minLng);
  const low = 200_000 + Math.floor(rand() * 12) * 50_000;
  const band: Record<string, string> = rand() < 0.85 ? { minprice: String(low), maxprice: String(low + 150_000 + Math.floor(rand() * 4) * 50_000) } : {};
  if (rand() < 0.6) band.beds = String(1 + Math.floor(rand() * 4));
  const kind = rand();
  if (kind < 0.35) {
    const h = 0.005 + rand() * 0.03;
    const pts = [
      [lat - h, lng - h],
      [lat - h, lng + h],
      [lat + h, lng + h],
      [lat + h, lng - h],
    ].map(([a, b]) => `${a!.toFixed(6)} ${b!.toFixed(6)}`);
    return { polygonmap: [...pts, pts[0]].join(', '), ...band };
  }
  if (kind < 0.5) return { radius: String(1 + Math.floor(rand() * 5)), lat: lat.toFixed(6), long: lng.toFixed(6), ...band };
  if (kind < 0.77) return { acl_city: CITIES[Math.floor(rand() * CITIES.length)]!, ...band };
  if (kind < 0.97) return { acl_zip5: ZIPS[Math.floor(rand() * ZIPS.length)]!, ...band };
  return { minprice: String(low), maxprice: String(low + 100_000), beds: '4' };
}

const savedSearchAppend = (criteria: Record<string, string>, owner: { leadId: string; userId: string; siteId: string }): StreamAppend => {
  const req = parseSearchRequest(criteria, 'list');
  const event: SavedSearchSaved = {
    type: 'SavedSearchSaved',
    data: { ...owner, searchId: randomUUID(), name: 'Bench', criteria, searchQs: req.searchQs, searchTitle: req.searchTitle, frequency: 'instant' },
  };
  return {
    streamId: organizerStream(owner.leadId),
    expected: 'no_stream',
    events: [{ ...event, eventId: randomUUID(), metadata: metadataOf(systemContext()) }],
  };
};

/**
 * Property alerts (issue 8): how many listing changes per second the matcher checks against
 * 100k saved searches (candidates by bounding box or place key, then the SearchIndex port), and
 * the time from importing a matching listing to its instant e-mail in the outbox.
 */
export const alertsBenchmark: Benchmark = {
  name: 'alerts',
  description: 'listing changes matched per second against 100k saved searches; import → instant e-mail latency',
  async run(ctx: BenchContext) {
    const wantRate = ctx.wants('alert-matching-rate');
    const wantLatency = ctx.wants('import-to-alert-email');
    if (!wantRate && !wantLatency) return;
    await withDemoServer(ctx, {}, async ({ server, db }) => {
      const rand = mulberry32(8);
      const listings = ctx.quick ? 500 : 2000;
      const searches = ctx.quick ? 20_000 : 100_000;
      const items: ImportItem[] = Array.from({ length: listings }, (_, i) => {
        const r = record(`L${i}`, i, BOX.minLat + rand() * (BOX.maxLat - BOX.minLat), BOX.minLng + rand() * (BOX.maxLng - BOX.minLng));
        return { record: i + 1, line: null, parse: () => r };
      });
      ctx.progress(`alerts: importing ${listings} listings, then saving ${searches} searches`);
      await importListings(server.runtime.store, items, { mls: 'B', ctx: systemContext() });
      const siteId = DEMO_SITES[0]!.siteId;
      for (let i = 0; i < searches; i += 1000) {
        const batch = Array.from({ length: Math.min(1000, searches - i) }, () =>
          savedSearchAppend(criteriaAt(rand), { leadId: randomUUID(), userId: randomUUID(), siteId }),
        );
        await server.runtime.store.appendMany(batch);
      }
      await server.runtime.runner.waitForCatchUp(600_000);

      if (wantRate) {
        const index = server.app.get(SearchIndex);
        const client = await db.pool.connect();
        try {
          const candidates = new SavedSearchCandidates((c) => index.prepareMatch(c));
          const loadStarted = process.hrtime.bigint();
          await candidates.refresh(client);
          const loadSeconds = Number(process.hrtime.bigint() - loadStarted) / 1e9;
          // Changes placed after every saved search: each is checked against all of them, in
          // batches as the dispatcher takes them from alert_changes.
          // At the log's head, as a change of the last event would be: the index is fresh up to the
          // change it is asked about (a position past the head it would wait for in vain).
          const head = await server.runtime.store.lastCommitted();
          const change = (i: number): QueuedChange => ({
            event_id: randomUUID(),
            pdid: `B-L${i % listings}`,
            kind: 'new',
            detail: {},
            tx_id: head.transactionId.toString(),
            global_position: head.globalPosition.toString(),
            at: new Date(),
          });
          const batches = (n: number) =>
            Array.from({ length: Math.ceil(n / BATCH) }, (_, b) => Array.from({ length: Math.min(BATCH, n - b * BATCH) }, (_, i) => change(b * BATCH + i)));
          for (const batch of batches(200)) await matchChanges(client, index, candidates, batch); // warm-up: plans, prepared criteria
          const n = ctx.quick ? 1000 : 5000;
          let alerts = 0;
          const started = process.hrtime.bigint();
          for (const batch of batches(n)) alerts += (await matchChanges(client, index, candidates, batch)).reduce((sum, m) => sum + m.length, 0);
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          // The same with every alert written to the outbox, in a transaction rolled back after.
          const stored = ctx.quick ? 200 : 500;
          await client.query('BEGIN');
          const storeStarted = process.hrtime.bigint();
          for (const batch of batches(stored)) await storeMatches(client, batch, await matchChanges(client, index, candidates, batch));
          const storeSeconds = Number(process.hrtime.bigint() - storeStarted) / 1e9;
          await client.query('ROLLBACK');
          ctx.record({
            key: 'alert-matching-rate',
            label: `listing changes matched against ${(searches / 1000).toFixed(0)}k saved searches`,
            value: n / seconds,
            unit: 'changes/s',
            goal: 1000,
            detail:
              `${n} new listings in batches of ${BATCH}, ${(alerts / n).toFixed(1)} alerts each on average; searches: 35% drawn areas, 15% radius, 27% town, 20% zip (32 of each), 3% price only; ` +
              `${candidates.size} searches loaded into memory in ${loadSeconds.toFixed(1)} s; with every alert written to the outbox: ${(stored / storeSeconds).toFixed(0)} changes/s`,
          });
        } finally {
          client.release();
        }
      }

      if (wantLatency) {
        const lead = DEMO_USERS.find((u) => u.key === 'lead')!;
        const leadId = randomUUID();
        // A drawn area outside the metro: one lead hears of the homes imported there.
        const area = '46.5 -120.6, 46.5 -120.4, 46.7 -120.4, 46.7 -120.6, 46.5 -120.6';
        await server.runtime.store.appendMany([savedSearchAppend({ polygonmap: area }, { leadId, userId: lead.userId, siteId })]);
        await server.runtime.runner.waitForCatchUp();
        const n = ctx.quick ? 20 : 100;
        ctx.progress(`import-to-alert-email: ${n} imports, one at a time`);
        const latencies: number[] = [];
        for (let i = 0; i < n + 5; i++) {
          // Outside every other search's area and band: the one e-mail measured is the only one sent.
          const r = record(`R${i}`, 100_000 + i, 46.6, -120.5, {
            City: 'Remote',
            PostalCode: '98900',
            UnparsedAddress: `${i} Remote Rd`,
            ListPrice: 5_000_000,
            BedroomsTotal: 1,
          });
          const started = process.hrtime.bigint();
          await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => r }], { mls: 'B', ctx: systemContext() });
          for (;;) {
            const { rows } = await db.pool.query(`SELECT 1 FROM mail_outbox WHERE to_address = $1 AND subject LIKE $2 LIMIT 1`, [
              lead.email,
              `%: ${i} Remote Rd,%`,
            ]);
            if (rows.length) break;
            await sleep(2);
          }
          if (i >= 5) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
        latencies.sort((a, b) => a - b);
        const detail = `${n} imports one at a time, ${(searches / 1000).toFixed(0)}k saved searches; p50 ${percentile(latencies, 50).toFixed(0)} ms`;
        ctx.record({
          key: 'import-to-alert-email-p95',
          label: 'imported listing → instant alert e-mail in the outbox, p95',
          value: percentile(latencies, 95),
          unit: 'ms',
          goal: 1000,
          lowerIsBetter: true,
          detail,
        });
      }
    });
  },
};
