export { ListingActivityModule } from './listing-activity.module';
