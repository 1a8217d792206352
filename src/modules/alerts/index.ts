export type { AlertChangeKind, AlertEvent, AlertOpenedHow, AlertReason, PropertyAlertOpened, PropertyAlertRecorded, PropertyAlertSent } from './alerts.events';
export { ALERTS_PUSH, alertEventTypes, alertStream } from './alerts.events';
export { AlertDispatcher } from './send-alerts/alert-dispatcher.reactor';
export { AlertsModule } from './alerts.module';
export { alertChangesQueue } from './send-alerts/alert-changes.queue';
