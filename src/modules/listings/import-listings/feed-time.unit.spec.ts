import { describe, expect, it } from 'vitest';
import { assertTimeZone, formatInZone, parseFeedTime } from './feed-time';

const iso = (text: string, zone: string) => {
  const t = parseFeedTime(text, zone);
  return t && new Date(t.ms).toISOString();
};

describe('feed times', () => {
  it("reads a wall time in the feed's zone, whatever the machine's", () => {
    expect(iso('2024-01-15T10:00:00', 'America/Chicago')).toBe('2024-01-15T16:00:00.000Z');
    expect(iso('2024-07-15T10:00:00', 'America/Chicago')).toBe('2024-07-15T15:00:00.000Z');
    expect(iso('2024-07-15T10:00:00', 'Asia/Kolkata')).toBe('2024-07-15T04:30:00.000Z');
    expect(iso('2024-07-15', 'America/Los_Angeles')).toBe('2024-07-15T07:00:00.000Z');
    expect(iso('2024-07-15T10:00', 'UTC')).toBe('2024-07-15T10:00:00.000Z');
  });

  it('reads the hour a spring change skips with the offset before it, and the hour an autumn change repeats as the first', () => {
    // 10 March 2024, 2:30 AM does not exist in Chicago: read as CST (UTC-6).
    expect(iso('2024-03-10T02:30:00', 'America/Chicago')).toBe('2024-03-10T08:30:00.000Z');
    // 3 November 2024, 1:30 AM comes twice: the first, in CDT (UTC-5).
    expect(iso('2024-11-03T01:30:00', 'America/Chicago')).toBe('2024-11-03T06:30:00.000Z');
    expect(iso('2024-11-03T03:00:00', 'America/Chicago')).toBe('2024-11-03T09:00:00.000Z');
  });

  it('keeps an offset or Z the text carries', () => {
    expect(parseFeedTime('2024-01-15T10:00:00-0330', 'America/Chicago')).toEqual({ ms: Date.parse('2024-01-15T13:30:00Z'), offset: -210 });
    expect(parseFeedTime('2024-01-15T10:00:00.5Z', 'America/Chicago')).toEqual({ ms: Date.parse('2024-01-15T10:00:00.500Z'), offset: 0 });
  });

  it('refuses what is not a time', () => {
    for (const t of ['TBD', '', '2024-02-30', '2024-01-15T24:00:00', '2024-01-15T10:00:00+15:00', '15/01/2024', '2024-1-5'])
      expect(parseFeedTime(t, 'UTC'), t).toBeUndefined();
  });

  it("writes an instant as the zone's wall clock with its offset", () => {
    expect(formatInZone(Date.parse('2026-11-28T19:00:00Z'), 'America/Chicago')).toBe('2026-11-28T13:00:00-06:00');
    expect(formatInZone(Date.parse('2026-06-28T07:30:00Z'), 'Asia/Kolkata')).toBe('2026-06-28T13:00:00+05:30');
    expect(formatInZone(Date.parse('2026-06-28T07:30:00Z'), 'UTC')).toBe('2026-06-28T07:30:00Z');
  });

  it('names an unknown zone in its error', () => {
    expect(() => assertTimeZone('America/Chicago')).not.toThrow();
    expect(() => assertTimeZone('Mars/Olympus')).toThrow('Unknown time zone "Mars/Olympus": use an IANA name such as America/Chicago or UTC');
  });
});
