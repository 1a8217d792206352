import type { ImportItem, ResoRecord } from '../../modules/listings';
import { withDemoMedia } from './demo-media';
import { generateListings } from './generate-listings';
import { loadZipDirectory } from '../../modules/listings/zip-directory';

/** Records from the demo converters as import items, each with its demo photos. */
export async function* resoItems(records: AsyncIterable<ResoRecord> | Iterable<ResoRecord>): AsyncGenerator<ImportItem> {
  let n = 0;
  for await (const r of records) {
    const record = withDemoMedia(r);
    n++;
    yield { record: n, line: null, parse: () => record };
  }
}

/** Generated Active listings on real US geography: the benchmarks' and the demo's extra listings. */
export async function generatedListingItems(o: { count: number; seed: number; today: string }): Promise<AsyncGenerator<ImportItem>> {
  const zips = await loadZipDirectory();
  return resoItems(generateListings({ seed: o.seed, count: o.count, today: o.today, zips }));
}
