import { describe, expect, it } from 'vitest';
import { knownZone, waitEnds } from './business-hours';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('a wait in business hours (9 to 17, Monday to Friday, the zone’s wall clock)', () => {
  it('given a Tuesday 10:00, when waiting 3 hours, then 13:00 the same day', () => {
    expect(waitEnds(at('2026-06-02T14:00:00Z'), 3, 'hours', NY).toISOString()).toBe('2026-06-02T17:00:00.000Z');
  });

  it('given a Friday 16:00, when waiting 2 hours, then Monday 10:00 (the weekend does not count)', () => {
    expect(waitEnds(at('2026-06-05T20:00:00Z'), 2, 'hours', NY).toISOString()).toBe('2026-06-08T14:00:00.000Z');
  });

  it('given a Saturday, when waiting 1 day, then Tuesday 9:00 (the wait starts at Monday’s opening)', () => {
    expect(waitEnds(at('2026-06-06T15:00:00Z'), 1, 'days', NY).toISOString()).toBe('2026-06-09T13:00:00.000Z');
  });

  it('given 3 am, when waiting 0 hours, then 9:00 that day: nothing goes out at night', () => {
    expect(waitEnds(at('2026-06-03T07:00:00Z'), 0, 'hours', NY).toISOString()).toBe('2026-06-03T13:00:00.000Z');
  });

  it('given a wait ending exactly at closing, then 17:00, not the next morning', () => {
    expect(waitEnds(at('2026-06-02T13:00:00Z'), 8, 'hours', NY).toISOString()).toBe('2026-06-02T21:00:00.000Z');
  });

  it('across the autumn DST change (1 Nov 2026): Friday 10:00 EDT + 1 day is Monday 10:00 EST, one hour later in UTC', () => {
    expect(waitEnds(at('2026-10-30T14:00:00Z'), 1, 'days', NY).toISOString()).toBe('2026-11-02T15:00:00.000Z');
    expect(waitEnds(at('2026-10-30T20:00:00Z'), 3, 'hours', NY).toISOString()).toBe('2026-11-02T16:00:00.000Z');
  });

  it('across the spring DST change (8 Mar 2026): Friday 10:00 EST + 1 day is Monday 10:00 EDT', () => {
    expect(waitEnds(at('2026-03-06T15:00:00Z'), 1, 'days', NY).toISOString()).toBe('2026-03-09T14:00:00.000Z');
  });

  it('in another zone the same instant is another wall clock', () => {
    // 14:00Z on a Tuesday is 7:00 in Los Angeles: the wait starts at 9:00 there.
    expect(waitEnds(at('2026-06-02T14:00:00Z'), 1, 'hours', 'America/Los_Angeles').toISOString()).toBe('2026-06-02T17:00:00.000Z');
  });

  it('an unknown zone falls back', () => {
    expect(knownZone('Mars/Olympus', NY)).toBe(NY);
    expect(knownZone(null, NY)).toBe(NY);
    expect(knownZone('Europe/Paris', NY)).toBe('Europe/Paris');
  });
});
