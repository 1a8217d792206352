import { describe, expect, it } from 'vitest';
import { feedInstant } from './feed-time';

describe('feed timestamps', () => {
  it('keeps an offset that is given, cutting the fraction to milliseconds', () => {
    expect(feedInstant('2024-03-05T10:15:00Z', 'America/Chicago')).toBe('2024-03-05T10:15:00.000Z');
    expect(feedInstant('2024-03-05T10:15:00.1239999-06:00', 'UTC')).toBe('2024-03-05T16:15:00.123Z');
    expect(feedInstant('2024-03-05T10:15:00+0530', 'UTC')).toBe('2024-03-05T04:45:00.000Z');
  });

  it("reads a timestamp without an offset in the feed's zone, across daylight saving time", () => {
    expect(feedInstant('2024-01-15T08:00:00', 'America/Chicago')).toBe('2024-01-15T14:00:00.000Z');
    expect(feedInstant('2024-07-15T08:00:00', 'America/Chicago')).toBe('2024-07-15T13:00:00.000Z');
    expect(feedInstant('2024-07-15 08:00', 'Europe/Paris')).toBe('2024-07-15T06:00:00.000Z');
    expect(feedInstant('2024-07-15T08:00:00', 'UTC')).toBe('2024-07-15T08:00:00.000Z');
    // The morning clocks go forward in Chicago: 03:30 local is CDT.
    expect(feedInstant('2024-03-10T03:30:00', 'America/Chicago')).toBe('2024-03-10T08:30:00.000Z');
  });

  it('reads a time the spring change skips with the offset before it, and a repeated one as the first, as listing imports do', () => {
    expect(feedInstant('2024-03-10T02:30:00', 'America/Chicago')).toBe('2024-03-10T08:30:00.000Z');
    expect(feedInstant('2024-04-07T02:30:00', 'Australia/Sydney')).toBe('2024-04-06T15:30:00.000Z');
  });

  it('answers null for what is not a timestamp', () => {
    expect(feedInstant('TBD', 'UTC')).toBeNull();
    expect(feedInstant('2024-13-45T99:00:00', 'UTC')).toBeNull();
  });
});
