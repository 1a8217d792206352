import type { BehaviourKind, BehaviourThresholds } from '../../contract/behaviour-alerts';

/**
 * The behaviour-alerts context (issue 19 part 2). An office's thresholds are data: a change is an
 * event on `behaviour-thresholds-{scope}` (scope: the office's broker id, or `default`), so who
 * changed them and when is on the log. Each alert is an event on the lead's own alert stream
 * `behaviour-alerts-{leadId}`, with its reason and an id derived from the lead, the kind and the
 * window it covers (a home, a day, an alert e-mail, the event that triggered it): deciding on that
 * stream, a replay, a retry or a second instance finds the id there and raises nothing twice.
 * Neither event carries personal data (no name, address or words of the lead's).
 */
export type BehaviourThresholdsChanged = {
  readonly type: 'BehaviourThresholdsChanged';
  readonly data: { readonly scope: string; readonly version: number; readonly thresholds: BehaviourThresholds; readonly byUserId: string };
};

export type BehaviourAlertRaised = {
  readonly type: 'BehaviourAlertRaised';
  readonly data: {
    readonly alertId: string;
    readonly leadId: string;
    readonly kind: BehaviourKind;
    /** The window the alert covers (`repeatViews:{pdid}`, `manyViews:{day}`, ...): once per lead, kind and window. */
    readonly window: string;
    /** One line for the agent: 'Came back after 9 days away'. */
    readonly reason: string;
    /** The home it is about, when it is about one. */
    readonly pdid: string | null;
    /** The lead's event that raised it, and when the lead did it. */
    readonly causeEventId: string;
    readonly at: string;
    /** Who is told: the lead's agent and office when it was raised. */
    readonly agentId: string;
    readonly officeId: string | null;
  };
};

/** What of a lead's doings the detector reads (the behaviour_alerts read model keeps them): one per event, in the log's order. */
export type BehaviourFactKind = 'view' | 'search' | 'favourite' | 'share' | 'showing' | 'alertSent' | 'alertOpen';
export type BehaviourFact = {
  readonly eventId: string;
  readonly kind: BehaviourFactKind;
  readonly at: string;
  /** The home, for views, favourites, shares, showing requests and alerts. */
  readonly pdid: string | null;
  /** The property alert's id, for an alert sent or opened. */
  readonly alertId: string | null;
};

export type BehaviourEvent = BehaviourThresholdsChanged | BehaviourAlertRaised;
export const behaviourEventTypes = ['BehaviourThresholdsChanged', 'BehaviourAlertRaised'] as const satisfies readonly BehaviourEvent['type'][];
export const behaviourThresholdsStream = (scope: string) => `behaviour-thresholds-${scope}`;
export const behaviourAlertsStream = (leadId: string) => `behaviour-alerts-${leadId}`;
