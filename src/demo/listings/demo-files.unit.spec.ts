import { describe, expect, it } from 'vitest';
import { KING_COUNTY_CSV, SACRAMENTO_CSV } from '../demo-files';
import { readKingCountySales } from './king-county';
import { readSacramentoListings } from './sacramento';

describe('the two demo files together', () => {
  it('never reuse a ListingKey', async () => {
    const keys: string[] = [];
    for await (const record of readKingCountySales(KING_COUNTY_CSV)) keys.push(record.ListingKey);
    for await (const record of readSacramentoListings(SACRAMENTO_CSV)) {
      keys.push(record.ListingKey);
    }
    expect(keys).toHaveLength(21_597 + 985);
    expect(new Set(keys).size).toBe(keys.length);
  }, 30_000);
});
