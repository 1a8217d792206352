import path from 'node:path';
import { projectRoot } from '../../shared/paths';
import { describe, expect, it } from 'vitest';
import { readKingCountySales } from './king-county';
import { readSacramentoListings } from './sacramento';

// The data lives in shared/, beside the repository.
const DATA_DIR = path.resolve(projectRoot, '../shared/data');

describe('the two demo files together', () => {
  it('never reuse a ListingKey', async () => {
    const keys: string[] = [];
    for await (const record of readKingCountySales(path.join(DATA_DIR, 'kc_house_data.csv'))) keys.push(record.ListingKey);
    for await (const record of readSacramentoListings(path.join(DATA_DIR, 'sacramento_transactions.csv'))) {
      keys.push(record.ListingKey);
    }
    expect(keys).toHaveLength(21_597 + 985);
    expect(new Set(keys).size).toBe(keys.length);
  }, 30_000);
});
