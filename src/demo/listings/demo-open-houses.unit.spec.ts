import { describe, expect, it } from 'vitest';
import { parseResoRecord } from '../../modules/listings/import-listings/parse-reso-record';
import { demoOpenHouses } from './demo-open-houses';

const TODAY = '2026-11-18'; // a Wednesday
const keys = Array.from({ length: 10_000 }, (_, i) => `GEN7-${i}`);

describe('demo open houses', () => {
  const all = keys.map((k) => demoOpenHouses(k, 'WA', TODAY));

  it('go to about one generated listing in 50, one or two each, the same every time', () => {
    const holders = all.filter((o) => o !== undefined);
    expect(holders.length).toBeGreaterThan(150);
    expect(holders.length).toBeLessThan(250);
    expect(new Set(holders.map((o) => o.length))).toEqual(new Set([1, 2]));
    expect(keys.map((k) => demoOpenHouses(k, 'WA', TODAY))).toEqual(all);
    expect(demoOpenHouses('GEN7-1', 'XX', TODAY)).toBeUndefined();
  });

  it('fall on the weekends after the day (the first within four), in the afternoon at the local offset, and import cleanly', () => {
    const openHouses = all.flatMap((o) => o ?? []);
    const days = new Set(openHouses.map((o) => o.OpenHouseStartTime.slice(0, 10)));
    expect([...days].every((d) => d > TODAY && d <= '2026-12-19' && [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect(openHouses.every((o) => /T1[1-4]:00:00-08:00$/.test(o.OpenHouseStartTime) && o.OpenHouseType === 'Public')).toBe(true);
    expect(demoOpenHouses(keys[all.findIndex((o) => o)]!, 'NY', '2026-07-01')?.[0]?.OpenHouseStartTime).toMatch(/-04:00$/);
    const record = parseResoRecord({
      ListingKey: 'K',
      StandardStatus: 'Active',
      ListPrice: 1,
      Latitude: 1,
      Longitude: 1,
      OpenHouse: all.find((o) => o?.length === 2),
    });
    expect(record.ok && record.kind === 'listing' && record.openHouses).toHaveLength(2);
  });
});
