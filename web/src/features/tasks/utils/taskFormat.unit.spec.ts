import { describe, expect, it } from 'vitest';
import { bucketOf, dueLabel } from './taskFormat';

const now = Date.parse('2030-03-05T15:00:00Z'); // 10 am in New York, 7 am in Los Angeles

describe('task times on the agent’s clock', () => {
  it('names today, tomorrow and yesterday, else the date', () => {
    expect(dueLabel('2030-03-05T20:00:00Z', 'America/New_York', now)).toBe('Today, 3:00 PM');
    expect(dueLabel('2030-03-06T14:00:00Z', 'America/New_York', now)).toBe('Tomorrow, 9:00 AM');
    expect(dueLabel('2030-03-04T14:00:00Z', 'America/New_York', now)).toBe('Yesterday, 9:00 AM');
    expect(dueLabel('2030-03-12T14:00:00Z', 'America/New_York', now)).toBe('Tue, Mar 12, 10:00 AM');
  });

  it('puts a task in overdue, today or upcoming by the zone’s day', () => {
    expect(bucketOf('2030-03-05T14:59:00Z', 'America/New_York', now)).toBe('overdue');
    // 11 pm in Los Angeles is still today there, but tomorrow in New York.
    expect(bucketOf('2030-03-06T07:00:00Z', 'America/Los_Angeles', now)).toBe('today');
    expect(bucketOf('2030-03-06T07:00:00Z', 'America/New_York', now)).toBe('upcoming');
  });
});
