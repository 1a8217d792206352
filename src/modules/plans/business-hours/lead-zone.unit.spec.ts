import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../../contract/tasks';
import { waitEnds } from './business-hours';
import { zoneOfLead } from './lead-zone';

const signedIn = (timezoneName: string | null) => ({ type: 'UserSignedIn', data: { userId: 'u', method: 'password', timezone: null, timezoneName } });
const zoneSet = (timeZone: string) => ({ type: 'AgentTimeZoneSet', data: { userId: 'b', timeZone, how: 'settings' } });

describe('the zone a lead’s waits count business hours in', () => {
  it('given the lead signed in from New York and the office is in Los Angeles, then New York: the lead’s own zone', () => {
    expect(zoneOfLead({ account: [signedIn('America/New_York')], office: [zoneSet('America/Los_Angeles')], agent: [] })).toBe('America/New_York');
  });

  it('given the lead’s last sign-in named no zone (an inquiry), then the zone of their latest sign-in that did', () => {
    expect(zoneOfLead({ account: [signedIn('America/Chicago'), signedIn(null)], office: [zoneSet('America/Los_Angeles')], agent: [] })).toBe('America/Chicago');
  });

  it('given no zone of the lead (or one this server does not know), then the office’s, else the agent’s, else the default', () => {
    expect(zoneOfLead({ account: [signedIn('Mars/Olympus')], office: [zoneSet('America/Denver')], agent: [zoneSet('America/Chicago')] })).toBe(
      'America/Denver',
    );
    expect(zoneOfLead({ account: [], office: [], agent: [zoneSet('America/Chicago')] })).toBe('America/Chicago');
    expect(zoneOfLead({ account: [], office: [], agent: [] })).toBe(DEFAULT_TIME_ZONE);
  });

  it('given a lead in New York of a Los Angeles office, when a Friday 16:30 New York step waits 1 hour, then Monday 9:30 New York (not 17:30 Friday, still open in Los Angeles)', () => {
    const zone = zoneOfLead({ account: [signedIn('America/New_York')], office: [zoneSet('America/Los_Angeles')], agent: [] });
    expect(waitEnds(new Date('2026-06-05T20:30:00Z'), 1, 'hours', zone).toISOString()).toBe('2026-06-08T13:30:00.000Z');
  });
});
