import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, instantOfWall, instantOfWallTime, offsetMinutes, wallClock } from './time-zone';

const NY = 'America/New_York';
const SYDNEY = 'Australia/Sydney';
const utc = (iso: string) => Date.parse(iso);
const wall = (iso: string, zone: string) => new Date(instantOfWallTime(utc(`${iso}Z`), zone)).toISOString();

describe('time zones (the one module the server and the web app share)', () => {
  it('answers the offset in minutes, the zone first, either side of the US changes (2026: 8 March, 1 November)', () => {
    expect(offsetMinutes(NY, utc('2026-03-08T06:59:00Z'))).toBe(-300); // 1:59 EST
    expect(offsetMinutes(NY, utc('2026-03-08T07:00:00Z'))).toBe(-240); // 3:00 EDT
    expect(offsetMinutes(NY, new Date('2026-11-01T05:59:00Z'))).toBe(-240); // the first 1:59, EDT
    expect(offsetMinutes(NY, new Date('2026-11-01T06:00:00Z'))).toBe(-300); // the second 1:00, EST
    expect(offsetMinutes('Asia/Kolkata', 0)).toBe(330);
    expect(offsetMinutes('UTC', 0)).toBe(0);
  });

  it('knows the southern hemisphere: Sydney is on daylight time in January and goes back on 5 April 2026', () => {
    expect(offsetMinutes(SYDNEY, utc('2026-01-15T00:00:00Z'))).toBe(660);
    expect(offsetMinutes(SYDNEY, utc('2026-04-04T15:59:00Z'))).toBe(660); // 2:59 AEDT
    expect(offsetMinutes(SYDNEY, utc('2026-04-04T16:00:00Z'))).toBe(600); // 2:00 AEST, the second time
    expect(offsetMinutes(SYDNEY, utc('2026-10-03T16:00:00Z'))).toBe(660); // 4 October, 3:00 AEDT
  });

  it('shows the wall clock at an instant', () => {
    expect(wallClock(utc('2026-11-01T05:30:00Z'), NY)).toEqual({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 });
    expect(wallClock(new Date('2026-11-01T06:30:00Z'), NY)).toEqual({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 });
    expect(wallClock(utc('2026-06-30T23:00:00.999Z'), SYDNEY)).toEqual({ year: 2026, month: 7, day: 1, hour: 9, minute: 0, second: 0 });
  });

  it('reads a wall time skipped by a spring change with the offset before it (it lands after the gap)', () => {
    expect(wall('2026-03-08T02:30:00', NY)).toBe('2026-03-08T07:30:00.000Z'); // 3:30 EDT
    expect(wall('2024-03-10T02:30:00', 'America/Chicago')).toBe('2024-03-10T08:30:00.000Z'); // 3:30 CDT
    expect(wall('2026-10-04T02:30:00', SYDNEY)).toBe('2026-10-03T16:30:00.000Z'); // 3:30 AEDT
  });

  it('reads a wall time repeated by an autumn change as the first of the two, north and south', () => {
    expect(wall('2026-11-01T01:30:00', NY)).toBe('2026-11-01T05:30:00.000Z'); // EDT
    expect(wall('2026-04-05T02:30:00', SYDNEY)).toBe('2026-04-04T15:30:00.000Z'); // AEDT
  });

  it('round-trips ordinary times, and takes a wall clock by its fields', () => {
    for (const at of ['2026-01-15T14:00:00Z', '2026-07-15T13:00:00Z', '2026-03-08T07:00:00Z', '2026-11-01T07:00:00Z']) {
      expect(instantOfWall(wallClock(utc(at), NY), NY), at).toBe(utc(at));
      expect(instantOfWall(wallClock(utc(at), SYDNEY), SYDNEY), at).toBe(utc(at));
    }
    expect(instantOfWall({ year: 2026, month: 7, day: 15, hour: 9, minute: 0 }, 'Asia/Kolkata')).toBe(utc('2026-07-15T03:30:00Z'));
  });

  it('knows IANA names only, and says which name it does not know', () => {
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('+05:00')).toBeNull();
    expect(() => offsetMinutes('Mars/Olympus', 0)).toThrow('Unknown time zone "Mars/Olympus"');
    expect(() => offsetMinutes('+05:00', 0)).toThrow('Unknown time zone "+05:00"');
  });
});
