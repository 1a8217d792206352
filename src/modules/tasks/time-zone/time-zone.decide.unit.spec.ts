import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { AgentZoneEvent } from '../tasks.events';
import { decideTimeZone, timeZoneDecider } from './time-zone.decide';

const set = (timeZone: string, how: 'browser' | 'settings'): AgentZoneEvent => ({ type: 'AgentTimeZoneSet', data: { userId: 'A1', timeZone, how } });
const given = (...events: AgentZoneEvent[]) => fold(timeZoneDecider, events);

describe('agent time zone (given / when / then)', () => {
  it('given no zone, when the browser offers one on the first visit, then AgentTimeZoneSet by the browser', () => {
    expect(decideTimeZone({ userId: 'A1', timeZone: 'America/New_York', how: 'browser' }, given())).toEqual([set('America/New_York', 'browser')]);
  });

  it('given a zone chosen in the settings, when another browser offers its zone, then nothing (a laptop on a trip does not move the day)', () => {
    expect(decideTimeZone({ userId: 'A1', timeZone: 'Europe/Paris', how: 'browser' }, given(set('America/New_York', 'settings')))).toEqual([]);
  });

  it('given a zone, when the agent picks another in the settings, then AgentTimeZoneSet; the same one again appends nothing', () => {
    expect(decideTimeZone({ userId: 'A1', timeZone: 'America/Chicago', how: 'settings' }, given(set('America/New_York', 'browser')))).toEqual([
      set('America/Chicago', 'settings'),
    ]);
    expect(decideTimeZone({ userId: 'A1', timeZone: 'America/Chicago', how: 'settings' }, given(set('America/Chicago', 'settings')))).toEqual([]);
  });
});
