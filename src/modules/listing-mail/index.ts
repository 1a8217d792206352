export { ListingMailModule } from './listing-mail.module';
export { listingMailProjection } from './send-listings/listing-mail.queue';
