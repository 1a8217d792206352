import { describe, expect, it } from 'vitest';
import { DEFAULT_BEHAVIOUR_THRESHOLDS as DEFAULTS } from '../../../contract/behaviour-alerts';
import { type BehaviourFact, type BehaviourFactKind, detectBehaviour } from './detect-behaviour';

const T0 = Date.parse('2026-11-20T12:00:00.000Z');
const MIN = 60_000;
const DAY = 86_400_000;
let n = 0;
const fact = (kind: BehaviourFactKind, msAfter: number, pdid: string | null = null, alertId: string | null = null): BehaviourFact => ({
  eventId: `e${++n}`,
  kind,
  at: new Date(T0 + msAfter).toISOString(),
  pdid,
  alertId,
});
const view = (pdid: string, msAfter: number) => fact('view', msAfter, pdid);
const kinds = (before: BehaviourFact[], trigger: BehaviourFact, t = DEFAULTS) => detectBehaviour(before, trigger, t).map((a) => a.kind);

describe('behaviour rules (given the lead’s events before, when one more comes, then the alerts it raises)', () => {
  it('returns after days away: given activity 7 days ago, when the lead views a home, then "came back"; 6 days, nothing; a first visit ever, nothing', () => {
    const back = detectBehaviour([view('P1', 0)], view('P2', 7 * DAY + 5 * MIN), DEFAULTS);
    expect(back).toEqual([{ kind: 'returned', window: expect.stringMatching(/^returned:e\d+$/), reason: 'Came back after 7 days away', pdid: 'P2' }]);
    expect(kinds([view('P1', 0)], view('P2', 6 * DAY + 23 * 60 * MIN))).toEqual([]);
    expect(kinds([], fact('search', 0))).toEqual([]);
  });

  it('returns: an alert e-mail sent meanwhile is not the lead’s doing, so it does not shorten the time away', () => {
    const before = [fact('search', 0), fact('alertSent', 5 * DAY, 'P3', 'A1')];
    expect(kinds(before, fact('search', 8 * DAY))).toEqual(['returned']);
  });

  it('the same home viewed 3 times: given 2 views of P1, when a third, then one "same home" alert per home; a view of another home does not count', () => {
    const [alert] = detectBehaviour([view('P1', 0), view('P2', MIN), view('P1', 2 * MIN)], view('P1', 3 * MIN), DEFAULTS);
    expect(alert).toEqual({ kind: 'repeatViews', window: 'repeatViews:P1', reason: 'Viewed the same home 3 times', pdid: 'P1' });
    expect(kinds([view('P1', 0), view('P2', MIN)], view('P1', 2 * MIN))).toEqual([]);
    // The fourth view names the same window: the decider raises it once.
    expect(detectBehaviour([view('P1', 0), view('P1', MIN), view('P1', 2 * MIN)], view('P1', 3 * MIN), DEFAULTS)[0]!.window).toBe('repeatViews:P1');
  });

  it('favourites, shares and showing requests alert at once', () => {
    expect(detectBehaviour([], fact('favourite', 0, 'P9'), DEFAULTS)).toEqual([
      { kind: 'favourited', window: 'favourited:P9', reason: 'Saved a home as a favourite', pdid: 'P9' },
    ]);
    expect(detectBehaviour([], fact('share', 0, 'P9'), DEFAULTS)).toEqual([{ kind: 'shared', window: 'shared:P9', reason: 'Shared a home', pdid: 'P9' }]);
    const showing = fact('showing', 0, 'P9');
    expect(detectBehaviour([], showing, DEFAULTS)).toEqual([
      { kind: 'showingRequested', window: `showingRequested:${showing.eventId}`, reason: 'Asked for a showing', pdid: 'P9' },
    ]);
  });

  it('10 homes in a day: given 9 different homes today (and repeats), when a 10th, then one "busy day" alert for that day (UTC here); homes of yesterday do not count', () => {
    const today = Array.from({ length: 9 }, (_, i) => view(`H${i}`, i * MIN));
    const repeats = [view('H0', 20 * MIN), view('H1', 21 * MIN)];
    const yesterday = [view('Y1', -DAY), view('Y2', -DAY + MIN)];
    const [alert] = detectBehaviour([...yesterday, ...today, ...repeats], view('H9', 30 * MIN), DEFAULTS);
    expect(alert).toEqual({ kind: 'manyViews', window: 'manyViews:2026-11-20', reason: 'Viewed 10 homes on 2026-11-20', pdid: null });
    expect(kinds([...yesterday, ...today.slice(1)], view('H9', 30 * MIN))).toEqual([]);
  });

  it('a day is the office’s calendar day: 10 homes from 3 pm to 10:30 pm in Seattle are one day there, though two in UTC', () => {
    const at = (iso: string, pdid: string) => ({ ...view(pdid, 0), at: iso });
    // 3:00 to 3:40 pm Seattle (23:00 to 23:40 UTC, 20 November), then 5:00 to 5:30 pm (01:00 to 01:30 UTC, the 21st).
    const afternoon = Array.from({ length: 5 }, (_, i) => at(`2026-11-20T23:${String(i * 10).padStart(2, '0')}:00.000Z`, `A${i}`));
    const evening = Array.from({ length: 4 }, (_, i) => at(`2026-11-21T01:${String(i * 10).padStart(2, '0')}:00.000Z`, `B${i}`));
    const tenth = at('2026-11-21T06:30:00.000Z', 'C0');
    const [alert] = detectBehaviour([...afternoon, ...evening], tenth, DEFAULTS, 'America/Los_Angeles');
    expect(alert).toEqual({ kind: 'manyViews', window: 'manyViews:2026-11-20', reason: 'Viewed 10 homes on 2026-11-20', pdid: null });
    expect(detectBehaviour([...afternoon, ...evening], tenth, DEFAULTS, 'UTC')).toEqual([]);
  });

  it('opens an alert e-mail within minutes: 10 minutes after it was sent, an alert; 11, nothing; an open of an alert never seen sent, nothing', () => {
    const sent = fact('alertSent', 0, 'P5', 'A1');
    const [fast] = detectBehaviour([sent], fact('alertOpen', 10 * MIN, 'P5', 'A1'), DEFAULTS);
    expect(fast).toEqual({ kind: 'alertOpenedFast', window: 'alertOpenedFast:A1', reason: 'Opened an alert e-mail 10 minutes after it was sent', pdid: 'P5' });
    expect(detectBehaviour([sent], fact('alertOpen', 30_000, 'P5', 'A1'), DEFAULTS)[0]!.reason).toBe('Opened an alert e-mail 1 minute after it was sent');
    expect(kinds([sent], fact('alertOpen', 11 * MIN, 'P5', 'A1'))).toEqual([]);
    expect(kinds([fact('alertSent', 0, 'P5', 'A2')], fact('alertOpen', MIN, 'P5', 'A1'))).toEqual([]);
  });

  it('thresholds per office: the same events raise under one office’s thresholds and not under the defaults', () => {
    const office = { returnAfterDays: 2, sameHomeViews: 2, homesPerDay: 3, alertOpenMinutes: 60 };
    const before = [view('P1', 0), view('P2', MIN), fact('alertSent', 2 * MIN, 'P3', 'A1')];
    const second = view('P1', 3 * DAY);
    expect(kinds(before, second, office)).toEqual(['returned', 'repeatViews']);
    expect(kinds(before, second)).toEqual([]);
    const third = view('P3', 3 * MIN);
    expect(kinds(before, third, office)).toEqual(['manyViews']);
    expect(kinds(before, third)).toEqual([]);
    const open = fact('alertOpen', 45 * MIN, 'P3', 'A1');
    expect(kinds(before, open, office)).toEqual(['alertOpenedFast']);
    expect(kinds(before, open)).toEqual([]);
  });

  it('an alert sent to the lead is never itself an alert; a search alone is only a return', () => {
    expect(kinds([view('P1', 0)], fact('alertSent', 30 * DAY, 'P1', 'A1'))).toEqual([]);
    expect(kinds([view('P1', 0)], fact('search', MIN))).toEqual([]);
  });
});
