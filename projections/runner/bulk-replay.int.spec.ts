import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { dataColumn, type DataShape } from './bulk-replay';

describe('a bulk replay reading only the keys a fold reads (dataColumn)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false, poolSize: 1 });
  });
  afterAll(() => db.drop());

  const read = async (shape: DataShape | undefined, type: string, data: unknown): Promise<unknown> => {
    const { rows } = await db.pool.query<{ data: unknown }>(`SELECT ${dataColumn(shape)} AS data FROM (VALUES ($1::text, $2::jsonb)) AS e(type, data)`, [
      type,
      JSON.stringify(data),
    ]);
    return rows[0]!.data;
  };
  const shape: DataShape = { Listed: { pdid: true, listing: ['City', 'LivingArea', 'ClosePrice'] } };

  it('keeps the named keys of a named type, one level down, leaving out the rest', async () => {
    const data = { pdid: 'nw-1', mls: 'nw', listing: { City: 'Seattle', LivingArea: 1200, ClosePrice: 5, PublicRemarks: 'long' } };
    expect(await read(shape, 'Listed', data)).toEqual({ pdid: 'nw-1', listing: { City: 'Seattle', LivingArea: 1200, ClosePrice: 5 } });
  });

  it('keeps a null a null and a missing key missing, as the fold would see them in the whole event', async () => {
    const read1 = await read(shape, 'Listed', { pdid: null, listing: { City: null } });
    expect(read1).toEqual({ pdid: null, listing: { City: null } });
    expect(Object.keys((read1 as { listing: object }).listing)).toEqual(['City']);
    expect(await read(shape, 'Listed', { listing: {} })).toEqual({ listing: {} });
  });

  it('keeps a value that is no object whole, and reads other types and no shape whole', async () => {
    expect(await read(shape, 'Listed', { pdid: 'nw-2', listing: null })).toEqual({ pdid: 'nw-2', listing: null });
    expect(await read(shape, 'Listed', { pdid: 'nw-2', listing: [1, 2] })).toEqual({ pdid: 'nw-2', listing: [1, 2] });
    const other = { pdid: 'nw-3', StandardStatus: 'Closed', extra: { a: 1 } };
    expect(await read(shape, 'StatusChanged', other)).toEqual(other);
    expect(await read(undefined, 'Listed', other)).toEqual(other);
  });

  it('refuses a key that is not a plain name (it is written into the SQL)', () => {
    expect(() => dataColumn({ Listed: { "pdid'": true } })).toThrow(/Not a key/);
    expect(() => dataColumn({ Listed: { listing: ['City; DROP'] } })).toThrow(/Not a key/);
  });
});
