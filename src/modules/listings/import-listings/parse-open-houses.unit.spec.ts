import { describe, expect, it } from 'vitest';
import { parseResoRecord } from './parse-reso-record';

const ok = { ListingKey: 'K-1', StandardStatus: 'Active', ListPrice: 1, Latitude: 1, Longitude: 2 };
const oh = { OpenHouseKey: 'OH-1', OpenHouseStartTime: '2026-11-28T13:00:00-08:00', OpenHouseEndTime: '2026-11-28T15:00:00-08:00' };
const openHouses = (...o: unknown[]) => {
  const p = parseResoRecord({ ...ok, OpenHouse: o });
  if (!p.ok || p.kind !== 'listing') throw new Error(p.ok ? 'not a listing' : p.error);
  return p.openHouses;
};
const error = (...o: unknown[]) => {
  const p = parseResoRecord({ ...ok, OpenHouse: o });
  return p.ok ? undefined : p.error;
};

describe('a record\'s OpenHouse list', () => {
  it('keeps the feed\'s offset, normalised, with Public and Active when left out', () => {
    expect(openHouses({ ...oh, OpenHouseRemarks: '  Cookies ', OpenHouseStartTime: '2026-11-28T13:00-0800' })).toEqual([
      { OpenHouseKey: 'OH-1', OpenHouseStartTime: '2026-11-28T13:00:00-08:00', OpenHouseEndTime: '2026-11-28T15:00:00-08:00', OpenHouseType: 'Public', OpenHouseRemarks: 'Cookies', OpenHouseStatus: 'Active' },
    ]);
    expect(openHouses({ ...oh, OpenHouseStartTime: '2026-11-28T21:00:00.000Z', OpenHouseEndTime: '2026-11-28T23:00:00+00:00', OpenHouseType: 'Broker', OpenHouseStatus: 'Cancelled' })[0]).toMatchObject({
      OpenHouseStartTime: '2026-11-28T21:00:00Z', OpenHouseEndTime: '2026-11-28T23:00:00Z', OpenHouseType: 'Broker', OpenHouseStatus: 'Cancelled',
    });
    expect(parseResoRecord(ok)).toMatchObject({ openHouses: [] });
    expect(parseResoRecord({ ...ok, OpenHouse: null })).toMatchObject({ openHouses: [] });
  });

  it('reads both spellings of a cancelled open house as Cancelled', () => {
    expect(openHouses({ ...oh, OpenHouseStatus: 'Canceled' }, { ...oh, OpenHouseKey: 'OH-2', OpenHouseStatus: 'Cancelled' }).map((o) => o.OpenHouseStatus)).toEqual(['Cancelled', 'Cancelled']);
  });

  it('refuses a bad entry, naming its position and field', () => {
    expect(parseResoRecord({ ...ok, OpenHouse: {} })).toEqual({ ok: false, error: 'OpenHouse must be an array of open houses' });
    expect(error(oh, 'Sat 1-3')).toBe('OpenHouse[1] must be an object');
    expect(error(oh, { ...oh, OpenHouseKey: '' })).toBe('OpenHouse[1].OpenHouseKey must be 1 to 128 visible characters');
    expect(error(oh, oh)).toBe('OpenHouse[1].OpenHouseKey repeats OpenHouse[0]\'s ("OH-1")');
    expect(error({ ...oh, OpenHouseStartTime: 'Saturday 1pm' })).toMatch(/^OpenHouse\[0\]\.OpenHouseStartTime must be an ISO 8601 date-time with its UTC offset/);
    expect(error({ ...oh, OpenHouseStartTime: '2026-11-28T13:00:00' })).toMatch(/^OpenHouse\[0\]\.OpenHouseStartTime must be/);
    expect(error({ ...oh, OpenHouseStartTime: '2026-02-30T13:00:00Z' })).toMatch(/^OpenHouse\[0\]\.OpenHouseStartTime must be/);
    expect(error({ ...oh, OpenHouseStartTime: '2026-11-28T24:30:00Z' })).toMatch(/^OpenHouse\[0\]\.OpenHouseStartTime must be/);
    expect(error({ ...oh, OpenHouseEndTime: undefined })).toMatch(/^OpenHouse\[0\]\.OpenHouseEndTime must be .* \(got null\)$/);
    expect(error({ ...oh, OpenHouseEndTime: '2026-11-28T12:00:00-08:00' })).toBe('OpenHouse[0].OpenHouseEndTime must be after OpenHouseStartTime, by at most 24 hours');
    expect(error({ ...oh, OpenHouseEndTime: '2026-11-30T12:00:00-08:00' })).toMatch(/at most 24 hours/);
    expect(error({ ...oh, OpenHouseType: 'VIP' })).toBe('OpenHouse[0].OpenHouseType must be one of Public, Broker (got "VIP")');
    expect(error({ ...oh, OpenHouseStatus: 'Canceld' })).toBe('OpenHouse[0].OpenHouseStatus must be one of Active, Cancelled, Ended (got "Canceld")');
    expect(error({ ...oh, OpenHouseStatus: 'constructor' })).toBe('OpenHouse[0].OpenHouseStatus must be one of Active, Cancelled, Ended (got "constructor")');
    expect(error({ ...oh, OpenHouseRemarks: 7 })).toBe('OpenHouse[0].OpenHouseRemarks must be a string (got 7)');
    expect(error(...Array.from({ length: 51 }, (_, i) => ({ ...oh, OpenHouseKey: `K${i}` })))).toBe('OpenHouse has more than 50 items');
  });
});
