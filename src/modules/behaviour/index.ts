export type { BehaviourAlertRaised, BehaviourEvent, BehaviourThresholdsChanged } from './behaviour.events';
export { behaviourAlertsStream, behaviourEventTypes, behaviourThresholdsStream } from './behaviour.events';
export { BehaviourModule } from './behaviour.module';
export { BehaviourDetector } from './raise-alert/behaviour-detector.reactor';
export { BehaviourAlertMailSender } from './notify/behaviour-alert-mail-sender.reactor';
export { behaviourAlertQueue } from './raise-alert/behaviour-alert.queue';
export { behaviourAlertMailQueue } from './notify/behaviour-alert-mail.queue';
