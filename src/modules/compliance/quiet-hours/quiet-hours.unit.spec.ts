import { describe, expect, it } from 'vitest';
import { inQuietHours, LAWFUL_WINDOW, leadTextZone, nextTextSlot, officeWindow } from './quiet-hours';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('quiet hours for automated texts (08:00–21:00 in the lead’s zone)', () => {
  it('given a text due at 23:00 local on the night the clocks go back, then it goes at 08:00 EST (13:00 UTC), not 07:00', () => {
    // 31 Oct 2026 23:00 EDT; EDT ends 1 Nov 02:00.
    expect(iso(nextTextSlot(at('2026-11-01T03:00:00Z'), NY, LAWFUL_WINDOW, 10, []))).toBe('2026-11-01T13:00:00.000Z');
  });

  it('given a text due at 23:00 local on the night the clocks go forward, then it goes at 08:00 EDT (12:00 UTC)', () => {
    // 7 Mar 2026 23:00 EST; EDT begins 8 Mar 02:00.
    expect(iso(nextTextSlot(at('2026-03-08T04:00:00Z'), NY, LAWFUL_WINDOW, 10, []))).toBe('2026-03-08T12:00:00.000Z');
  });

  it('given a text due at 06:30, then 08:00 the same day; inside the window, at once; at 21:00 exactly, the next morning', () => {
    expect(iso(nextTextSlot(at('2026-06-02T10:30:00Z'), NY, LAWFUL_WINDOW, 10, []))).toBe('2026-06-02T12:00:00.000Z');
    expect(iso(nextTextSlot(at('2026-06-02T15:00:00Z'), NY, LAWFUL_WINDOW, 10, []))).toBe('2026-06-02T15:00:00.000Z');
    expect(iso(nextTextSlot(at('2026-06-03T01:00:00Z'), NY, LAWFUL_WINDOW, 10, []))).toBe('2026-06-03T12:00:00.000Z');
  });

  it('given the day’s number of automated texts already sent, then the next one waits for tomorrow’s window', () => {
    const sent = [at('2026-06-02T13:00:00Z'), at('2026-06-02T14:00:00Z')];
    expect(iso(nextTextSlot(at('2026-06-02T15:00:00Z'), NY, LAWFUL_WINDOW, 2, sent))).toBe('2026-06-03T12:00:00.000Z');
    expect(iso(nextTextSlot(at('2026-06-02T15:00:00Z'), NY, LAWFUL_WINDOW, 3, sent))).toBe('2026-06-02T15:00:00.000Z');
  });

  it('an office narrows the window but cannot widen it', () => {
    expect(officeWindow({ startHour: 9, endHour: 20 })).toEqual({ startHour: 9, endHour: 20 });
    expect(officeWindow({ startHour: 6, endHour: 23 })).toEqual(LAWFUL_WINDOW);
    expect(iso(nextTextSlot(at('2026-06-02T12:30:00Z'), NY, officeWindow({ startHour: 9 }), 10, []))).toBe('2026-06-02T13:00:00.000Z');
  });

  it('an agent’s own text in quiet hours is flagged for confirmation', () => {
    expect(inQuietHours(at('2026-06-03T02:00:00Z'), NY, LAWFUL_WINDOW)).toBe(true);
    expect(inQuietHours(at('2026-06-02T16:00:00Z'), NY, LAWFUL_WINDOW)).toBe(false);
  });

  it('the lead’s zone: their own, else their address’s state, else their area code, else the office’s', () => {
    expect(leadTextZone({ ownZone: 'America/Chicago', state: 'CA', cellPhone: '2065550100' }, NY)).toBe('America/Chicago');
    expect(leadTextZone({ state: 'ca', cellPhone: '3125550100' }, NY)).toBe('America/Los_Angeles');
    expect(leadTextZone({ cellPhone: '+1 (312) 555-0100' }, NY)).toBe('America/Chicago');
    expect(leadTextZone({ cellPhone: '5555550100' }, 'America/Denver')).toBe('America/Denver');
  });
});
