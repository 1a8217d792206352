import type { Decider } from '../../../commands/decider';
import { stableId } from '../../../shared/stable-id';
import type { BehaviourAlertRaised, BehaviourEvent } from '../behaviour.events';
import type { DetectedAlert } from './detect-behaviour';

/** The alerts a lead's stream holds, by id. */
export type RaisedAlerts = { readonly ids: ReadonlySet<string> };
export type RaiseAlerts = {
  readonly leadId: string;
  readonly alerts: readonly DetectedAlert[];
  readonly causeEventId: string;
  readonly at: string;
  readonly agentId: string;
  readonly officeId: string | null;
};

/** The id of the one alert per lead, kind and window: the same on every instance, retry and replay. */
export const behaviourAlertId = (leadId: string, window: string): string => stableId(`behaviour alert ${leadId} ${window}`);

/** Raises each detected alert whose id the stream does not hold yet; the rest were raised before (a retry, another instance). */
export function decideRaiseAlerts(c: RaiseAlerts, s: RaisedAlerts): BehaviourAlertRaised[] {
  const out: BehaviourAlertRaised[] = [];
  const seen = new Set(s.ids);
  for (const a of c.alerts) {
    const alertId = behaviourAlertId(c.leadId, a.window);
    if (seen.has(alertId)) continue;
    seen.add(alertId);
    out.push({
      type: 'BehaviourAlertRaised',
      data: {
        alertId,
        leadId: c.leadId,
        kind: a.kind,
        window: a.window,
        reason: a.reason,
        pdid: a.pdid,
        causeEventId: c.causeEventId,
        at: c.at,
        agentId: c.agentId,
        officeId: c.officeId,
      },
    });
  }
  return out;
}

export const raiseAlertsDecider: Decider<RaisedAlerts, RaiseAlerts, BehaviourEvent> = {
  initialState: () => ({ ids: new Set() }),
  evolve: (s, e) => (e.type === 'BehaviourAlertRaised' ? { ids: new Set([...s.ids, e.data.alertId]) } : s),
  decide: decideRaiseAlerts,
};
