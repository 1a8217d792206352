export { ListingMailModule } from './listing-mail.module';
