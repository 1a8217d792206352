export type { BuyerAgreementEvent } from './agreements.events';
export { buyerAgreementEventTypes, buyerAgreementsStream } from './agreements.events';
export { showingCoverageGap } from './showing-cover';
export { AgreementsModule } from './agreements.module';
export { AgreementExpiryReminders, reminderTaskId } from './expiry-reminders.reactor';
