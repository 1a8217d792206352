import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { BehaviourEvent } from '../behaviour.events';
import type { DetectedAlert } from './detect-behaviour';
import { behaviourAlertId, decideRaiseAlerts, raiseAlertsDecider } from './raise-alert.decide';

const LEAD = '7b0e1f5e-3a4c-4f7a-9a55-1d2c3b4a5e6f';
const repeat: DetectedAlert = { kind: 'repeatViews', window: 'repeatViews:P1', reason: 'Viewed the same home 3 times', pdid: 'P1' };
const busy: DetectedAlert = { kind: 'manyViews', window: 'manyViews:2026-11-20', reason: 'Viewed 10 homes on 2026-11-20', pdid: null };
const raise = (alerts: DetectedAlert[]) => ({ leadId: LEAD, alerts, causeEventId: 'e1', at: '2026-11-20T12:00:00.000Z', agentId: 'A1', officeId: 'B1' });
const given = (...events: BehaviourEvent[]) => fold(raiseAlertsDecider, events);

describe('raising behaviour alerts (given the lead’s alert stream, when the rules detect alerts, then each is raised once)', () => {
  it('given none, when two are detected, then both with ids derived from the lead and the window, and who is told', () => {
    const events = decideRaiseAlerts(raise([repeat, busy]), given());
    expect(events.map((e) => e.data.alertId)).toEqual([behaviourAlertId(LEAD, 'repeatViews:P1'), behaviourAlertId(LEAD, 'manyViews:2026-11-20')]);
    expect(events[0]).toEqual({
      type: 'BehaviourAlertRaised',
      data: {
        alertId: behaviourAlertId(LEAD, 'repeatViews:P1'),
        leadId: LEAD,
        kind: 'repeatViews',
        window: 'repeatViews:P1',
        reason: 'Viewed the same home 3 times',
        pdid: 'P1',
        causeEventId: 'e1',
        at: '2026-11-20T12:00:00.000Z',
        agentId: 'A1',
        officeId: 'B1',
      },
    });
  });

  it('given the same home’s alert raised (a replay, a retry, another instance), when detected again, then only the new one', () => {
    const before = decideRaiseAlerts(raise([repeat]), given());
    expect(decideRaiseAlerts(raise([repeat, busy]), given(...before)).map((e) => e.data.kind)).toEqual(['manyViews']);
    expect(decideRaiseAlerts(raise([repeat, repeat]), given()).length).toBe(1);
  });

  it('the id is the same for the same lead and window, and differs for another lead', () => {
    expect(behaviourAlertId(LEAD, 'x')).toBe(behaviourAlertId(LEAD, 'x'));
    expect(behaviourAlertId(LEAD, 'x')).not.toBe(behaviourAlertId('other', 'x'));
  });
});
