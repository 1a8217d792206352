export { listingActivityProjection } from './listing-activity.projection';
export { listingActivity, type ListingActivityWeek } from './listing-activity.query';
