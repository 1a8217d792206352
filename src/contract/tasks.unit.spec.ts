import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, instantToZonedInput, localDate, snoozeTo, zonedTimeToInstant } from './tasks';

describe('task time-zone arithmetic (the server and the web app share it)', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone("x'; DROP")).toBeNull();
  });

  it("reads a typed wall-clock time as the agent's zone, both sides of a DST change", () => {
    expect(zonedTimeToInstant('2030-03-05T09:00', 'America/New_York')?.toISOString()).toBe('2030-03-05T14:00:00.000Z');
    expect(zonedTimeToInstant('2030-07-05T09:00', 'America/New_York')?.toISOString()).toBe('2030-07-05T13:00:00.000Z');
    expect(zonedTimeToInstant('2030-03-05T09:00', 'Asia/Kolkata')?.toISOString()).toBe('2030-03-05T03:30:00.000Z');
    expect(zonedTimeToInstant('9am', 'UTC')).toBeNull();
  });

  it('shows an instant back as the same wall-clock time, and names its local date', () => {
    expect(instantToZonedInput(new Date('2030-03-05T14:00:00Z'), 'America/New_York')).toBe('2030-03-05T09:00');
    expect(localDate(new Date('2030-03-05T03:00:00Z'), 'America/Los_Angeles')).toBe('2030-03-04');
    expect(localDate(new Date('2030-03-05T03:00:00Z'), 'Europe/Paris')).toBe('2030-03-05');
  });

  it('snoozes an hour, to tomorrow 9 am, or a week on, in the zone', () => {
    const now = new Date('2030-03-05T03:00:00Z'); // 7 pm on the 4th in Los Angeles
    expect(snoozeTo('hour', now, 'America/Los_Angeles').toISOString()).toBe('2030-03-05T04:00:00.000Z');
    expect(snoozeTo('tomorrow', now, 'America/Los_Angeles').toISOString()).toBe('2030-03-05T17:00:00.000Z');
    expect(snoozeTo('week', now, 'America/Los_Angeles').toISOString()).toBe('2030-03-12T02:00:00.000Z'); // 7 pm PDT after the change
  });
});
