import { request } from '../../../api/http';
import type { BehaviourAlertView, BehaviourThresholds, BehaviourThresholdsView } from '../../../../../src/contract/behaviour-alerts';

export type { BehaviourAlertView, BehaviourThresholds, BehaviourThresholdsView };

/** Behaviour alerts (issue 19 part 2): the alerts the viewer is told of, and the office's thresholds. */
export const behaviourApi = {
  alerts: (limit = 10) => request<{ alerts: BehaviourAlertView[] }>('GET', `/api/dashboard/behaviour-alerts?limit=${limit}`),
  /** `scope`: the office (its broker's id) staff chose; brokers and agents have their own. */
  thresholds: (scope: string | null = null) => request<BehaviourThresholdsView>('GET', `/api/dashboard/behaviour-thresholds${scope ? `?scope=${encodeURIComponent(scope)}` : ''}`),
  changeThresholds: (thresholds: BehaviourThresholds, scope: string | null = null) =>
    request<BehaviourThresholdsView>('PUT', '/api/dashboard/behaviour-thresholds', { thresholds, ...(scope ? { scope } : {}) }),
};
