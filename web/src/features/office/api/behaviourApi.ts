import type { BehaviourAlertView, BehaviourThresholds, BehaviourThresholdsView } from '../../../../../src/contract/behaviour-alerts';
import { contract } from '../../../../../src/contract/routes';
import { api } from '../../../api/contract-client';

export type { BehaviourAlertView, BehaviourThresholds, BehaviourThresholdsView };

const { behaviour } = contract;

/** Behaviour alerts (issue 19 part 2): the alerts the viewer is told of, and the office's thresholds. */
export const behaviourApi = {
  alerts: (limit = 10) => api(behaviour.alerts, { query: { limit } }),
  /** `scope`: the office (its broker's id) staff chose; brokers and agents have their own. */
  thresholds: (scope: string | null = null) => api(behaviour.thresholds, { query: { scope: scope ?? undefined } }),
  changeThresholds: (thresholds: BehaviourThresholds, scope: string | null = null) =>
    api(behaviour.changeThresholds, { body: { thresholds, ...(scope ? { scope } : {}) } }),
};
