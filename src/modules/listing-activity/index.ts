export { ListingActivityModule } from './listing-activity.module';
export { reportMailProjection } from './seller-mail/report-mail.queue';
export { listingActivityEventTypes, type ListingActivityEvent, type ListingReportEmailed } from './listing-activity.events';
