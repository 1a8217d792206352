export { behaviourAlertsProjection } from './behaviour-alerts.projection';
export { type AlertViewer, behaviourAlertOf, behaviourAlertsFor, behaviourTriggerOf } from './behaviour-queries';
export { BEHAVIOUR_MAIL_QUEUED, BEHAVIOUR_QUEUED } from './behaviour-signals';
