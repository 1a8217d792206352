import { KING_COUNTY_CSV } from '../../src/demo/demo-files';
import { readKingCountySales } from '../../src/demo/listings';
import type { ImportItem } from '../../src/modules/listings';
import type { ResoRecord } from '../../src/modules/listings/reso-record';

/** King County sales within about a mile and a half of a point in Seattle's Ballard: a real market in miniature. */
export async function ballardSales(count = 500): Promise<ResoRecord[]> {
  const sales: ResoRecord[] = [];
  for await (const r of readKingCountySales(KING_COUNTY_CSV)) {
    if (Math.abs(r.Latitude - 47.67) < 0.02 && Math.abs(r.Longitude + 122.38) < 0.03) sales.push(r);
  }
  return sales.slice(0, count);
}

export const importItems = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
