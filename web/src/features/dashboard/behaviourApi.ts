import { request } from '../../api/http';
import type { BehaviourAlertView, BehaviourThresholds, BehaviourThresholdsView } from '../../../../src/contract/behaviour-alerts';

export type { BehaviourAlertView, BehaviourThresholds, BehaviourThresholdsView };

/** Behaviour alerts (issue 19 part 2): the alerts the viewer is told of, and the office's thresholds. */
export const behaviourApi = {
  alerts: (limit = 10) => request<{ alerts: BehaviourAlertView[] }>('GET', `/api/dashboard/behaviour-alerts?limit=${limit}`),
  thresholds: () => request<BehaviourThresholdsView>('GET', '/api/dashboard/behaviour-thresholds'),
  changeThresholds: (thresholds: BehaviourThresholds) => request<BehaviourThresholdsView>('PUT', '/api/dashboard/behaviour-thresholds', { thresholds }),
};
