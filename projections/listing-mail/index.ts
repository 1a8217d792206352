export { listingMailProjection } from './listing-mail.projection';
export { LISTING_MAIL_SIGNAL } from './listing-mail-queue';
