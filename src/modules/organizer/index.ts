export type { AlertFrequency, ListingShared, OrganizerEvent, SavedSearchSaved } from './organizer.events';
export { ALERT_FREQUENCIES, organizerEventTypes, organizerStream } from './organizer.events';
export { OrganizerModule } from './organizer.module';
export { shareMailProjection } from './share-listing/share-mail.queue';
