export { NewLeadNotifier } from './notify-new-lead/new-lead-notifier.reactor';
export { SpeedToLeadModule } from './speed-to-lead.module';
