/**
 * Behaviour alerts (issue 19 part 2): what a lead did that means intent, told to their agent.
 * Shared by the server and the dashboard (GET/PUT /api/dashboard/behaviour-thresholds,
 * GET /api/dashboard/behaviour-alerts, the `lead.behaviour` push).
 */

import { z } from 'zod';
export const BEHAVIOUR_KINDS = ['returned', 'repeatViews', 'favourited', 'shared', 'manyViews', 'showingRequested', 'alertOpenedFast'] as const;
export type BehaviourKind = (typeof BEHAVIOUR_KINDS)[number];

/** An office's thresholds; favourites, shares and showing requests always alert (one is enough). */
export type BehaviourThresholds = {
  /** A lead who comes back after at least this many days without activity. */
  readonly returnAfterDays: number;
  /** Views of the same home that make a repeat. */
  readonly sameHomeViews: number;
  /** Different homes viewed in one day (UTC) that make a busy day. */
  readonly homesPerDay: number;
  /** An alert e-mail opened within this many minutes of being sent. */
  readonly alertOpenMinutes: number;
};

export const DEFAULT_BEHAVIOUR_THRESHOLDS: BehaviourThresholds = { returnAfterDays: 7, sameHomeViews: 3, homesPerDay: 10, alertOpenMinutes: 10 };

/** Each threshold's bounds (whole numbers) and the message of a value outside them. */
export const BEHAVIOUR_THRESHOLD_BOUNDS: {
  readonly [K in keyof BehaviourThresholds]: { readonly min: number; readonly max: number; readonly message: string };
} = {
  returnAfterDays: { min: 1, max: 90, message: 'Days away must be a whole number from 1 to 90' },
  sameHomeViews: { min: 2, max: 20, message: 'Views of the same home must be a whole number from 2 to 20' },
  homesPerDay: { min: 2, max: 100, message: 'Homes in a day must be a whole number from 2 to 100' },
  alertOpenMinutes: { min: 1, max: 1440, message: 'Minutes to open an alert must be a whole number from 1 to 1440' },
};

export const BEHAVIOUR_THRESHOLD_LABELS: { readonly [K in keyof BehaviourThresholds]: string } = {
  returnAfterDays: 'Back after days away',
  sameHomeViews: 'Views of the same home',
  homesPerDay: 'Homes viewed in a day',
  alertOpenMinutes: 'Alert opened within minutes',
};

export const BEHAVIOUR_KIND_LABELS: { readonly [K in BehaviourKind]: string } = {
  returned: 'Came back',
  repeatViews: 'Same home again',
  favourited: 'Favourite',
  shared: 'Shared a home',
  manyViews: 'Busy day',
  showingRequested: 'Showing request',
  alertOpenedFast: 'Opened an alert',
};

const whole = z.number({ error: 'Every threshold needs a number' });
/** As sent and answered; the bounds are the decider's (BEHAVIOUR_THRESHOLD_BOUNDS, one message each). */
export const BehaviourThresholdsSchema = z.strictObject({ returnAfterDays: whole, sameHomeViews: whole, homesPerDay: whole, alertOpenMinutes: whole });

/** GET /api/dashboard/behaviour-thresholds. */
export const BehaviourThresholdsViewSchema = z.strictObject({
  scope: z.string(),
  version: z.number(),
  thresholds: BehaviourThresholdsSchema,
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
});
export type BehaviourThresholdsView = Readonly<z.infer<typeof BehaviourThresholdsViewSchema>>;

/** One alert as the dashboard lists it (GET /api/dashboard/behaviour-alerts) and as it is pushed (`lead.behaviour`). */
export const BehaviourAlertViewSchema = z.strictObject({
  alertId: z.string(),
  leadId: z.string(),
  leadName: z.string(),
  kind: z.enum(BEHAVIOUR_KINDS),
  reason: z.string(),
  /** The lead's agent now (listed) or when raised (pushed); null once the lead went to the pond. */
  agentId: z.string().nullable(),
  /** When the lead did it. */
  at: z.string(),
});
export type BehaviourAlertView = Readonly<z.infer<typeof BehaviourAlertViewSchema>>;
