export type { AlertFrequency, ListingShared, OrganizerEvent, SavedSearchSaved } from './organizer.events';
export { ALERT_FREQUENCIES, organizerEventTypes, organizerStream } from './organizer.events';
export { OrganizerModule } from './organizer.module';
export { stableId } from './stable-id';
export { SHARE_MAIL_PUSH, shareMailId } from './share-listing/share-mail-queue';
