import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { AlertEvent } from '../alerts.events';
import { decideOpenAlert, decideUseAlertLink, openAlertDecider } from './open-alert.decide';

const data = {
  alertId: 'a1',
  leadId: 'l1',
  userId: 'u1',
  siteId: 's1',
  pdid: 'T-1',
  kind: 'new' as const,
  reason: 'search' as const,
  searchIds: ['q1'],
  change: 'New listing',
  digestId: null,
};
const recorded: AlertEvent = { type: 'PropertyAlertRecorded', data };
const sent: AlertEvent = { type: 'PropertyAlertSent', data: { ...data, subject: 'New listing: 1 Main St' } };
const given = (...events: AlertEvent[]) => fold(openAlertDecider, events);
const open = { alertId: 'a1', userId: 'u1', how: 'pixel' as const };

describe('opening an alert', () => {
  it('is recorded once for a sent alert, with what was sent and how it came back', () => {
    const opened = decideOpenAlert(open, given(recorded, sent));
    expect(opened).toEqual([{ type: 'PropertyAlertOpened', data: { ...data, how: 'pixel' } }]);
    expect(decideOpenAlert({ ...open, how: 'link' }, given(recorded, sent, ...opened))).toEqual([]);
  });

  it('is not recorded before the alert was sent (the dispatcher appends PropertyAlertSent at revision 0)', () => {
    expect(decideOpenAlert(open, given())).toEqual([]);
    expect(decideOpenAlert(open, given(recorded))).toEqual([]);
  });

  it("is not recorded for another user's token or another alert", () => {
    expect(decideOpenAlert({ ...open, userId: 'u2' }, given(recorded, sent))).toEqual([]);
    expect(decideOpenAlert({ ...open, alertId: 'a2' }, given(recorded, sent))).toEqual([]);
  });
});

describe("signing in by an alert's link", () => {
  it('happens once per sent alert, for its own user only', () => {
    const used = decideUseAlertLink({ alertId: 'a1', userId: 'u1' }, given(recorded, sent));
    expect(used).toEqual([{ type: 'AlertLinkSignedIn', data: { alertId: 'a1', userId: 'u1' } }]);
    expect(decideUseAlertLink({ alertId: 'a1', userId: 'u1' }, given(recorded, sent, ...used))).toEqual([]);
    expect(decideUseAlertLink({ alertId: 'a1', userId: 'u2' }, given(recorded, sent))).toEqual([]);
    expect(decideUseAlertLink({ alertId: 'a1', userId: 'u1' }, given(recorded))).toEqual([]);
  });
});
