import { describe, expect, it } from 'vitest';
import { parseResoRecord } from './parse-reso-record';

const ok = { ListingKey: 'K-1', StandardStatus: 'Active', ListPrice: 1, Latitude: 1, Longitude: 2 };
const error = (r: unknown) => {
  const p = parseResoRecord(r);
  return p.ok ? undefined : p.error;
};

describe('parseResoRecord', () => {
  it('normalises a minimal record: every field present, blanks null, dates and timestamps', () => {
    const p = parseResoRecord({ ...ok, City: '  ', ListingContractDate: '2024-02-03T00:00:00Z', ModificationTimestamp: '2024-02-03T10:00:00-05:00', Extra: 'ignored' });
    expect(p.ok && p.kind === 'listing' && p.record).toMatchObject({ City: null, ListingContractDate: '2024-02-03', ModificationTimestamp: '2024-02-03T15:00:00.000Z', ClosePrice: null, photos: [] });
    expect(p.ok && p.kind === 'listing' && 'Extra' in p.record).toBe(false);
  });

  it('refuses what the contract does not allow, naming the field', () => {
    expect(error(null)).toMatch(/JSON object/);
    expect(error([ok])).toMatch(/JSON object/);
    expect(error({ ...ok, ListingKey: '' })).toMatch(/ListingKey/);
    expect(error({ ...ok, ListingKey: 'a/b' })).toMatch(/ListingKey/);
    expect(error({ ...ok, StandardStatus: 'Sold' })).toMatch(/StandardStatus/);
    expect(error({ ...ok, ListPrice: undefined })).toMatch(/ListPrice or ClosePrice/);
    expect(error({ ...ok, ListPrice: '100' })).toMatch(/ListPrice must be a number/);
    expect(error({ ...ok, ListPrice: -1 })).toMatch(/ListPrice/);
    expect(error({ ...ok, Latitude: 91 })).toMatch(/Latitude/);
    expect(error({ ...ok, Longitude: undefined })).toMatch(/Latitude and Longitude/);
    expect(error({ ...ok, BedroomsTotal: 'three' })).toMatch(/BedroomsTotal/);
    expect(error({ ...ok, City: 7 })).toMatch(/City must be a string/);
    expect(error({ ...ok, CloseDate: '2024-02-30' })).toMatch(/CloseDate/);
    expect(error({ ...ok, ModificationTimestamp: 'yesterday' })).toMatch(/ModificationTimestamp/);
    expect(error({ ...ok, WaterfrontYN: 'Y' })).toMatch(/WaterfrontYN/);
    expect(error({ ...ok, Media: [{ MediaURL: 'javascript:alert(1)', Order: 1 }] })).toMatch(/MediaURL/);
    expect(error({ ...ok, Media: {} })).toMatch(/Media must be an array/);
    expect(error({ ...ok, City: 'a\u0000b' })).toMatch(/NUL/);
  });

  it('a Delete needs only the key', () => {
    expect(parseResoRecord({ ListingKey: 'K', StandardStatus: 'Delete' })).toEqual({ ok: true, kind: 'delete', ListingKey: 'K', ModificationTimestamp: null });
  });
});
