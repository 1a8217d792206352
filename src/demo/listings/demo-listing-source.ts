import type { ImportItem, ResoRecord } from '../../modules/listings';
import { demoAgentListing, demoAttribution } from './demo-attribution';
import { demoMedia, withDemoMedia } from './demo-media';
import { generateListings } from './generate-listings';
import { loadZipDirectory } from '../../modules/listings/zip-directory';

/** Records from the demo converters as import items, each with its demo photos and its listing office and agent. */
export async function* resoItems(records: AsyncIterable<ResoRecord> | Iterable<ResoRecord>): AsyncGenerator<ImportItem> {
  let n = 0;
  for await (const r of records) {
    // One copy of the record: a million-listing bench makes them as fast as it imports them.
    const record: ResoRecord = r.ListOfficeName === undefined ? { ...r, ...demoAttribution(r.ListingKey), Media: demoMedia(r.ListingKey) } : withDemoMedia(r);
    n++;
    yield { record: n, line: null, parse: () => record };
  }
}

/**
 * Generated Active listings on real US geography: the benchmarks' and the demo's extra listings.
 * `demoAgents`: a few are the demo agents' own, some of those not shown publicly (the demo seed's).
 */
export async function generatedListingItems(o: { count: number; seed: number; today: string; demoAgents?: boolean }): Promise<AsyncGenerator<ImportItem>> {
  const zips = await loadZipDirectory();
  const records = generateListings({ seed: o.seed, count: o.count, today: o.today, zips });
  return resoItems(o.demoAgents ? withDemoAgents(records) : records);
}

function* withDemoAgents(records: Iterable<ResoRecord>): Generator<ResoRecord> {
  for (const r of records) {
    const theirs = demoAgentListing(r.ListingKey);
    yield theirs ? { ...r, ...theirs } : r;
  }
}
