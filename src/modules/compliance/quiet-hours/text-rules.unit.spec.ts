import { describe, expect, it } from 'vitest';
import { officeTextRulesOf, quietHoursTime } from './text-rules';

const NY = 'America/New_York';
const rules = { zone: NY, window: { startHour: 8, endHour: 21 }, perDay: 3 };

describe("the office's rules and the lead's quiet hours", () => {
  it('an office that never chose: 08:00–21:00 and 3 a day; a choice wider than the law is narrowed back', () => {
    expect(officeTextRulesOf([])).toEqual({ startHour: 8, endHour: 21, perDay: 3 });
    const set = (startHour: number, endHour: number, perDay: number) => ({
      type: 'OfficeTextRulesSet',
      data: { officeId: 'o', startHour, endHour, perDay, byUserId: 'b' },
    });
    expect(officeTextRulesOf([set(9, 20, 2)])).toEqual({ startHour: 9, endHour: 20, perDay: 2 });
    expect(officeTextRulesOf([set(9, 20, 2), set(6, 23, 5)])).toEqual({ startHour: 8, endHour: 21, perDay: 5 });
  });

  it("names the lead's wall-clock time in quiet hours, and nothing inside the window (DST-exact)", () => {
    // 22:14 EDT on 2 June; 07:59 EST on 2 November (the day after the clocks went back).
    expect(quietHoursTime(rules, new Date('2026-06-03T02:14:00Z'))).toBe('22:14');
    expect(quietHoursTime(rules, new Date('2026-11-02T12:59:00Z'))).toBe('07:59');
    expect(quietHoursTime(rules, new Date('2026-11-02T13:00:00Z'))).toBeNull();
    expect(quietHoursTime(rules, new Date('2026-06-02T16:00:00Z'))).toBeNull();
  });
});
