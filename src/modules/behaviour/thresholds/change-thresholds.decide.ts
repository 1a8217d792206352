import type { Decider } from '../../../commands/decider';
import { BEHAVIOUR_THRESHOLD_BOUNDS, type BehaviourThresholds, DEFAULT_BEHAVIOUR_THRESHOLDS } from '../../../contract/behaviour-alerts';
import { validation } from '../../../shared/errors';
import type { BehaviourEvent, BehaviourThresholdsChanged } from '../behaviour.events';

/** A scope's thresholds as its stream says: version 0 and the defaults until first changed. */
export type ThresholdsState = { readonly version: number; readonly thresholds: BehaviourThresholds; readonly byUserId: string | null };
export type ChangeThresholds = { readonly scope: string; readonly thresholds: BehaviourThresholds; readonly byUserId: string };

const KEYS = Object.keys(BEHAVIOUR_THRESHOLD_BOUNDS) as (keyof BehaviourThresholds)[];
const same = (a: BehaviourThresholds, b: BehaviourThresholds) => KEYS.every((k) => a[k] === b[k]);

/** New thresholds get the next version; the same again (a retried save) decides nothing. Each is a whole number within its bounds. */
export function decideThresholds(c: ChangeThresholds, s: ThresholdsState): BehaviourThresholdsChanged[] {
  for (const k of KEYS) {
    const { min, max, message } = BEHAVIOUR_THRESHOLD_BOUNDS[k];
    const v = c.thresholds[k];
    if (!Number.isInteger(v) || v < min || v > max) throw validation(message);
  }
  if (same(s.thresholds, c.thresholds)) return [];
  const thresholds = Object.fromEntries(KEYS.map((k) => [k, c.thresholds[k]])) as BehaviourThresholds;
  return [{ type: 'BehaviourThresholdsChanged', data: { scope: c.scope, version: s.version + 1, thresholds, byUserId: c.byUserId } }];
}

export const thresholdsDecider: Decider<ThresholdsState, ChangeThresholds, BehaviourEvent> = {
  initialState: () => ({ version: 0, thresholds: DEFAULT_BEHAVIOUR_THRESHOLDS, byUserId: null }),
  evolve: (s, e) => (e.type === 'BehaviourThresholdsChanged' ? { version: e.data.version, thresholds: e.data.thresholds, byUserId: e.data.byUserId } : s),
  decide: decideThresholds,
};
