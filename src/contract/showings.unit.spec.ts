import { describe, expect, it } from 'vitest';
import { showingWhen, stateTimeZone } from './showings';
import { canonicalTimeZone } from './time-zone';

describe("a listing's time zone from its state", () => {
  it('reads the abbreviation or the name, in any case; an unknown state is null', () => {
    expect(stateTimeZone('WA')).toBe('America/Los_Angeles');
    expect(stateTimeZone(' ny ')).toBe('America/New_York');
    expect(stateTimeZone('Arizona')).toBe('America/Phoenix');
    expect(stateTimeZone('north  dakota')).toBe('America/Chicago');
    expect(stateTimeZone('HI')).toBe('Pacific/Honolulu');
    expect(stateTimeZone('PR')).toBe('America/Puerto_Rico');
    for (const unknown of ['', 'ZZ', 'Ontario', null, undefined]) expect(stateTimeZone(unknown)).toBeNull();
  });

  it('names only zones the runtime knows, for all 50 states, DC and the territories', () => {
    const states =
      'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP'.split(
        ' ',
      );
    for (const s of states) expect(canonicalTimeZone(stateTimeZone(s) ?? ''), s).not.toBeNull();
  });

  it("says a showing's time on the listing's clock with the zone's short name", () => {
    expect(showingWhen('2030-03-12T21:00:00.000Z', 'America/Los_Angeles')).toBe('Tue, Mar 12, 2:00 PM PDT');
    expect(showingWhen('2030-01-15T15:00:00.000Z', 'America/New_York')).toBe('Tue, Jan 15, 10:00 AM EST');
  });
});
