import { describe, expect, it } from 'vitest';
import { child, instantOf, parseICalendar, prop, unescapeText } from '../../../../tests/support/ical';
import { type IcsShowing, showingCalendar } from './ics';

const base: IcsShowing = {
  method: 'REQUEST',
  uid: 'showing-5b1e0c4e-0000-4000-8000-000000000001@porchlight.example',
  sequence: 0,
  stamp: new Date('2030-03-01T12:34:56.789Z'),
  start: '2030-03-12T21:00:00.000Z',
  end: '2030-03-12T21:30:00.000Z',
  timeZone: 'America/Los_Angeles',
  summary: 'Showing: 400 Pine St, Seattle, WA 98101',
  location: '400 Pine St, Seattle, WA 98101',
  description: 'With Jane Agent; questions? Reply to this e-mail.\nSee you there',
  organizer: { name: 'Jane Agent', email: 'agent@demo.test' },
  attendee: { name: 'Carl "CC" Caller', email: 'carl@example.com' },
};

describe('a showing as iCalendar, read back by a strict reader', () => {
  it('REQUEST: UID, DTSTAMP in UTC, SEQUENCE, DTSTART/DTEND on the listing’s clock with its VTIMEZONE, SUMMARY and LOCATION with the address, ORGANIZER the agent', () => {
    const cal = parseICalendar(showingCalendar(base));
    expect(prop(cal, 'VERSION').value).toBe('2.0');
    expect(prop(cal, 'METHOD').value).toBe('REQUEST');
    expect(prop(cal, 'PRODID').value).toBe('-//Porchlight//Showings//EN');
    const ev = child(cal, 'VEVENT');
    expect(prop(ev, 'UID').value).toBe(base.uid);
    expect(prop(ev, 'DTSTAMP').value).toBe('20300301T123456Z');
    expect(prop(ev, 'SEQUENCE').value).toBe('0');
    // 2 pm on Tuesday 12 March 2030 in Seattle, two days after the change to summer time (UTC−7).
    expect(prop(ev, 'DTSTART')).toEqual({ name: 'DTSTART', params: { TZID: 'America/Los_Angeles' }, value: '20300312T140000' });
    expect(instantOf(cal, prop(ev, 'DTSTART')).toISOString()).toBe(base.start);
    expect(instantOf(cal, prop(ev, 'DTEND')).toISOString()).toBe(base.end);
    expect(prop(child(cal, 'VTIMEZONE'), 'TZID').value).toBe('America/Los_Angeles');
    expect(unescapeText(prop(ev, 'SUMMARY').value)).toBe('Showing: 400 Pine St, Seattle, WA 98101');
    expect(prop(ev, 'LOCATION').value).toBe('400 Pine St\\, Seattle\\, WA 98101');
    expect(unescapeText(prop(ev, 'DESCRIPTION').value)).toBe(base.description);
    expect(prop(ev, 'ORGANIZER')).toEqual({ name: 'ORGANIZER', params: { CN: 'Jane Agent' }, value: 'mailto:agent@demo.test' });
    expect(prop(ev, 'ATTENDEE').params.CN).toBe('Carl CC Caller');
    expect(prop(ev, 'ATTENDEE').value).toBe('mailto:carl@example.com');
    expect(prop(ev, 'STATUS').value).toBe('CONFIRMED');
  });

  it('the VTIMEZONE gives the right instant on both sides of a change, in zones with and without summer time', () => {
    const cases = [
      { timeZone: 'America/New_York', start: '2030-01-15T15:00:00.000Z', local: '20300115T100000' }, // EST
      { timeZone: 'America/New_York', start: '2030-07-15T14:00:00.000Z', local: '20300715T100000' }, // EDT
      { timeZone: 'America/Los_Angeles', start: '2030-11-04T18:00:00.000Z', local: '20301104T100000' }, // the day after the change back
      { timeZone: 'America/Phoenix', start: '2030-07-15T17:00:00.000Z', local: '20300715T100000' }, // no summer time
      { timeZone: 'Pacific/Honolulu', start: '2030-12-24T20:00:00.000Z', local: '20301224T100000' },
      { timeZone: 'America/Anchorage', start: '2031-01-02T19:00:00.000Z', local: '20310102T100000' }, // early in a year: last year's change in force
    ];
    for (const c of cases) {
      const cal = parseICalendar(
        showingCalendar({ ...base, timeZone: c.timeZone, start: c.start, end: new Date(Date.parse(c.start) + 3600_000).toISOString() }),
      );
      const start = prop(child(cal, 'VEVENT'), 'DTSTART');
      expect(start.value, c.timeZone).toBe(c.local);
      expect(instantOf(cal, start).toISOString(), `${c.timeZone} ${c.start}`).toBe(c.start);
    }
    const phoenix = child(parseICalendar(showingCalendar({ ...base, timeZone: 'America/Phoenix' })), 'VTIMEZONE');
    expect(phoenix.components.map((o) => [o.name, prop(o, 'TZOFFSETFROM').value, prop(o, 'TZOFFSETTO').value])).toEqual([['STANDARD', '-0700', '-0700']]);
    const ny = child(parseICalendar(showingCalendar({ ...base, timeZone: 'America/New_York' })), 'VTIMEZONE');
    expect(ny.components.map((o) => [o.name, prop(o, 'DTSTART').value, prop(o, 'TZOFFSETTO').value]).slice(0, 2)).toEqual([
      ['STANDARD', '20291104T020000', '-0500'],
      ['DAYLIGHT', '20300310T020000', '-0400'],
    ]);
  });

  it('CANCEL: the same UID with a higher SEQUENCE and STATUS:CANCELLED', () => {
    const cal = parseICalendar(showingCalendar({ ...base, method: 'CANCEL', sequence: 3 }));
    const ev = child(cal, 'VEVENT');
    expect([prop(cal, 'METHOD').value, prop(ev, 'UID').value, prop(ev, 'SEQUENCE').value, prop(ev, 'STATUS').value]).toEqual([
      'CANCEL',
      base.uid,
      '3',
      'CANCELLED',
    ]);
  });

  it('folds long lines at 75 octets without splitting a character, and escapes what TEXT must', () => {
    const long = `Rendez-vous à la maison — ${'é'.repeat(60)}; bring ID, please\\thanks`;
    const source = showingCalendar({ ...base, description: long });
    expect(source.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(unescapeText(prop(child(parseICalendar(source), 'VEVENT'), 'DESCRIPTION').value)).toBe(long);
  });
});
