import { describe, expect, it } from 'vitest';
import { openHouseDayEnd, openHouseWhen } from './open-house-time';

describe('openHouseWhen', () => {
  it("says the day and the hours at the feed's own offset", () => {
    expect(openHouseWhen('2026-11-28T13:00:00-08:00', '2026-11-28T15:00:00-08:00', 'long')).toBe('Sat, Nov 28, 1:00–3:00 PM');
    expect(openHouseWhen('2026-11-28T13:00:00-08:00', '2026-11-28T15:00:00-08:00', 'short')).toBe('Sat, Nov 28, 1–3 PM');
    expect(openHouseWhen('2026-11-29T11:30:00-05:00', '2026-11-29T13:00:00-05:00', 'short')).toBe('Sun, Nov 29, 11:30 AM–1 PM');
    expect(openHouseWhen('2026-11-29T00:00:00Z', '2026-11-29T00:45:00Z', 'long')).toBe('Sun, Nov 29, 12:00–12:45 AM');
    expect(openHouseWhen('2026-12-31T22:00:00Z', '2027-01-01T01:00:00Z', 'short')).toBe('Thu, Dec 31, 10 PM–Fri, Jan 1, 1 AM');
  });

  it('shows what it cannot read as it came', () => {
    expect(openHouseWhen('soon', 'later', 'long')).toBe('soon–later');
  });
});

describe('openHouseDayEnd', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  it("is the midnight after the local day the open house ends on, at the feed's offset", () => {
    expect(iso(openHouseDayEnd('2026-11-28T15:00:00-08:00'))).toBe('2026-11-29T08:00:00.000Z');
    expect(iso(openHouseDayEnd('2026-11-28T23:30:00+05:30'))).toBe('2026-11-28T18:30:00.000Z');
    expect(iso(openHouseDayEnd('2026-11-28T00:30:00Z'))).toBe('2026-11-29T00:00:00.000Z');
    // Across a month's and a year's end.
    expect(iso(openHouseDayEnd('2026-12-31T14:00:00-10:00'))).toBe('2027-01-01T10:00:00.000Z');
    expect(iso(openHouseDayEnd('2026-02-28T14:00:00+14:00'))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(openHouseDayEnd('2026-11-28T15:00:00.000Z'))).toBe('2026-11-29T00:00:00.000Z');
  });

  it('counts a time without a readable date and offset until that time itself', () => {
    expect(openHouseDayEnd('2026-11-28 15:00')).toBe(Date.parse('2026-11-28 15:00'));
    expect(openHouseDayEnd('later')).toBeNaN();
  });
});
