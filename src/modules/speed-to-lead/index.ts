export { NewLeadNotifier } from './notify-new-lead/new-lead-notifier.reactor';
export { leadNoticesProjection } from './notify-new-lead/lead-notices.queue';
export { SpeedToLeadModule } from './speed-to-lead.module';
