import { describe, expect, it } from 'vitest';
import { KING_COUNTY_CSV, SACRAMENTO_CSV } from '../demo-files';
import { readKingCountySales } from './king-county';
import { monthsLater, monthsToLastFullMonth, movedToLastFullMonth } from './months-later';
import { readSacramentoListings } from './sacramento';

describe("the demo files' dates moved to recent months", () => {
  it('moves a day by whole months, to the last day of a shorter month', () => {
    expect(monthsLater('2014-10-13', 137)).toBe('2026-03-13');
    expect(monthsLater('2015-01-31', 1)).toBe('2015-02-28');
    expect(monthsLater('2015-01-31', 13)).toBe('2016-02-29');
    expect(monthsLater('2014-12-05', 0)).toBe('2014-12-05');
    expect(() => monthsLater('2015-02-30', 1)).toThrow('not a valid YYYY-MM-DD date');
  });

  it('puts the latest day in the month before today, never earlier than recorded', () => {
    expect(monthsToLastFullMonth('2015-05-27', '2026-11-29')).toBe(137);
    expect(monthsToLastFullMonth('2015-05-27', '2015-06-01')).toBe(0);
    expect(monthsToLastFullMonth('2015-05-27', '2015-05-28')).toBe(0);
  });

  it('gives King County a year of sales up to last month, in the recorded order and months, keys unchanged', async () => {
    const recorded: string[] = [];
    for await (const r of readKingCountySales(KING_COUNTY_CSV)) recorded.push(`${r.ListingKey} ${r.CloseDate} ${r.ListingContractDate}`);
    const moved: string[] = [];
    for await (const r of movedToLastFullMonth(() => readKingCountySales(KING_COUNTY_CSV), '2026-11-29')) {
      moved.push(`${r.ListingKey} ${r.CloseDate} ${r.ListingContractDate}`);
      expect(r.ModificationTimestamp).toBe(`${r.CloseDate}T00:00:00.000Z`);
    }
    expect(moved).toHaveLength(recorded.length);
    const closes = moved.map((m) => m.split(' ')[1]!);
    expect(closes.reduce((a, b) => (b > a ? b : a)).slice(0, 7)).toBe('2026-10');
    expect(closes.reduce((a, b) => (b < a ? b : a)).slice(0, 7)).toBe('2025-10');
    // 2014-10-13 is 137 months before 2026-03-13; the key keeps the sale as recorded.
    expect(moved[0]).toMatch(/^7129300520-20141013 2026-03-13 2026-\d\d-\d\d$/);
    const monthOf = (line: string) => line.split(' ')[1]!.slice(5, 7);
    expect(moved.map(monthOf)).toEqual(recorded.map((line) => String(((Number(monthOf(line)) + 137 - 1) % 12) + 1).padStart(2, '0')));
  }, 60_000);

  it('lists the Sacramento homes last month, at the time of day recorded', async () => {
    const moved = [];
    for await (const r of movedToLastFullMonth(() => readSacramentoListings(SACRAMENTO_CSV), '2026-11-29')) moved.push(r);
    expect(new Set(moved.map((r) => r.ListingContractDate!.slice(0, 7)))).toEqual(new Set(['2026-10']));
    expect(moved[0]!.ModificationTimestamp).toMatch(/^2026-10-\d\dT0[47]:00:00\.000Z$/);
  });
});
