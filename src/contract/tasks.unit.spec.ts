import { describe, expect, it } from 'vitest';
import { instantToZonedInput, localDate, snoozeTo, zonedTimeToInstant } from './tasks';
import { canonicalTimeZone } from './time-zone';

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

  it('reads a time a DST change skips or repeats as every other part of the product does', () => {
    // 2:30 on the spring-forward night is 3:30 EDT, not 1:30 EST (an hour before what was typed).
    expect(zonedTimeToInstant('2030-03-10T02:30', 'America/New_York')?.toISOString()).toBe('2030-03-10T07:30:00.000Z');
    // Sydney repeats 2:00-3:00 on 7 April 2030: the first, on daylight time (UTC+11).
    expect(zonedTimeToInstant('2030-04-07T02:30', 'Australia/Sydney')?.toISOString()).toBe('2030-04-06T15:30:00.000Z');
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
