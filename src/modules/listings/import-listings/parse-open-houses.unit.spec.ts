import { describe, expect, it } from 'vitest';
import { type ParseOptions, parseResoRecord } from './parse-reso-record';

const ok = { ListingKey: 'K-1', StandardStatus: 'Active', ListPrice: 1, Latitude: 1, Longitude: 2 };
const oh = { OpenHouseKey: 'OH-1', OpenHouseStartTime: '2026-11-28T13:00:00-08:00', OpenHouseEndTime: '2026-11-28T15:00:00-08:00' };
const parse = (extra: Record<string, unknown>, options?: ParseOptions) => {
  const p = parseResoRecord({ ...ok, ...extra }, options);
  if (!p.ok || p.kind !== 'listing') throw new Error(p.ok ? 'not a listing' : p.error);
  return p;
};
const openHouses = (...o: unknown[]) => parse({ OpenHouse: o }).openHouses!;
/** The warning a bad list gives; the list is then unknown (null), the record still imported. */
const warning = (...o: unknown[]) => {
  const p = parse({ OpenHouse: o });
  expect(p.openHouses).toBeNull();
  expect(p.warnings).toHaveLength(1);
  return p.warnings[0]!.replace(/; the open houses were left as they were$/, '');
};

describe("a record's open houses", () => {
  it("keeps the feed's offset, normalised, with Public and Active when left out", () => {
    expect(openHouses({ ...oh, OpenHouseRemarks: '  Cookies ', OpenHouseStartTime: '2026-11-28T13:00-0800' })).toEqual([
      {
        OpenHouseKey: 'OH-1',
        OpenHouseStartTime: '2026-11-28T13:00:00-08:00',
        OpenHouseEndTime: '2026-11-28T15:00:00-08:00',
        OpenHouseType: 'Public',
        OpenHouseRemarks: 'Cookies',
        OpenHouseStatus: 'Active',
      },
    ]);
    expect(
      openHouses({
        ...oh,
        OpenHouseStartTime: '2026-11-28T21:00:00.000Z',
        OpenHouseEndTime: '2026-11-28T23:00:00+00:00',
        OpenHouseType: 'Broker',
        OpenHouseStatus: 'Cancelled',
      })[0],
    ).toMatchObject({
      OpenHouseStartTime: '2026-11-28T21:00:00Z',
      OpenHouseEndTime: '2026-11-28T23:00:00Z',
      OpenHouseType: 'Broker',
      OpenHouseStatus: 'Cancelled',
    });
    expect(parseResoRecord(ok)).toMatchObject({ openHouses: [] });
    expect(parseResoRecord({ ...ok, OpenHouse: null })).toMatchObject({ openHouses: [] });
  });

  it('reads OpenHouses (plural) like OpenHouse, and a single open house not in a list', () => {
    expect(parse({ OpenHouses: [oh] }).openHouses).toEqual(openHouses(oh));
    expect(parse({ OpenHouse: oh }).openHouses).toEqual(openHouses(oh));
    expect(parse({ OpenHouses: { ...oh, OpenHouseKey: 7 } }).openHouses![0]!.OpenHouseKey).toBe('7');
  });

  it("reads times without an offset in the feed's time zone, and writes every time at that zone's offset when given", () => {
    const wall = { ...oh, OpenHouseStartTime: '2026-11-28T13:00:00', OpenHouseEndTime: '2026-11-28 15:30' };
    expect(parse({ OpenHouse: [wall] }).openHouses![0]).toMatchObject({ OpenHouseStartTime: '2026-11-28T13:00:00Z', OpenHouseEndTime: '2026-11-28T15:30:00Z' });
    expect(parse({ OpenHouse: [wall] }, { timeZone: 'America/Chicago' }).openHouses![0]).toMatchObject({
      OpenHouseStartTime: '2026-11-28T13:00:00-06:00',
      OpenHouseEndTime: '2026-11-28T15:30:00-06:00',
    });
    // A UTC time from a Chicago feed is shown as Chicago's wall clock (summer: -05:00).
    expect(
      parse({ OpenHouse: [{ ...oh, OpenHouseStartTime: '2026-06-06T18:00:00Z', OpenHouseEndTime: '2026-06-06T20:00:00Z' }] }, { timeZone: 'America/Chicago' })
        .openHouses![0],
    ).toMatchObject({
      OpenHouseStartTime: '2026-06-06T13:00:00-05:00',
      OpenHouseEndTime: '2026-06-06T15:00:00-05:00',
    });
  });

  it('drops remarks that are not text, keeping the open house', () => {
    const p = parse({
      OpenHouse: [
        { ...oh, OpenHouseRemarks: { text: 'x' } },
        { ...oh, OpenHouseKey: 'OH-2', OpenHouseRemarks: 7 },
      ],
    });
    expect(p.openHouses!.map((o) => o.OpenHouseRemarks)).toEqual([null, '7']);
    expect(p.warnings).toEqual(['OpenHouse[0].OpenHouseRemarks must be text (got {"text":"x"}); dropped']);
  });

  it('reads both spellings of a cancelled open house as Cancelled', () => {
    expect(
      openHouses({ ...oh, OpenHouseStatus: 'Canceled' }, { ...oh, OpenHouseKey: 'OH-2', OpenHouseStatus: 'Cancelled' }).map((o) => o.OpenHouseStatus),
    ).toEqual(['Cancelled', 'Cancelled']);
  });

  it('imports the record with a warning naming the entry and field when the list cannot be read, leaving the open houses as they were', () => {
    expect(parse({ OpenHouse: 'Sat 1-3' }).warnings).toEqual(['OpenHouse[0] must be an object; the open houses were left as they were']);
    expect(warning(oh, 'Sat 1-3')).toBe('OpenHouse[1] must be an object');
    expect(warning(oh, { ...oh, OpenHouseKey: '' })).toBe('OpenHouse[1].OpenHouseKey must be 1 to 128 visible characters');
    expect(warning(oh, oh)).toBe('OpenHouse[1].OpenHouseKey repeats OpenHouse[0]\'s ("OH-1")');
    expect(warning({ ...oh, OpenHouseStartTime: 'Saturday 1pm' })).toMatch(/^OpenHouse\[0\]\.OpenHouseStartTime must be an ISO 8601 date-time/);
    expect(warning({ ...oh, OpenHouseStartTime: '2026-02-30T13:00:00Z' })).toMatch(/^OpenHouse\[0\]\.OpenHouseStartTime must be/);
    expect(warning({ ...oh, OpenHouseStartTime: '2026-11-28T24:30:00Z' })).toMatch(/^OpenHouse\[0\]\.OpenHouseStartTime must be/);
    expect(warning({ ...oh, OpenHouseEndTime: undefined })).toMatch(/^OpenHouse\[0\]\.OpenHouseEndTime must be .* \(got null\)$/);
    expect(warning({ ...oh, OpenHouseEndTime: '2026-11-28T12:00:00-08:00' })).toBe(
      'OpenHouse[0].OpenHouseEndTime must be after OpenHouseStartTime, by at most 24 hours',
    );
    expect(warning({ ...oh, OpenHouseEndTime: '2026-11-30T12:00:00-08:00' })).toMatch(/at most 24 hours/);
    expect(warning({ ...oh, OpenHouseType: 'VIP' })).toBe('OpenHouse[0].OpenHouseType must be one of Public, Broker (got "VIP")');
    expect(warning({ ...oh, OpenHouseStatus: 'Canceld' })).toBe('OpenHouse[0].OpenHouseStatus must be one of Active, Cancelled, Ended (got "Canceld")');
    expect(warning({ ...oh, OpenHouseStatus: 'constructor' })).toBe('OpenHouse[0].OpenHouseStatus must be one of Active, Cancelled, Ended (got "constructor")');
    expect(warning(...Array.from({ length: 51 }, (_, i) => ({ ...oh, OpenHouseKey: `K${i}` })))).toBe('OpenHouse has more than 50 items');
  });
});
