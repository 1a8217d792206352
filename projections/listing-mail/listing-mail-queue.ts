import { stableId } from '../../src/shared/stable-id';

/** The in-process signal the listing_mail projection gives after it queued e-mails. */
export const LISTING_MAIL_SIGNAL = 'leads.listingMailQueued';

/** The outbox row of an e-mail of listings: derived from the ListingsSentToLead event's id, so a replay queues the same row and sends nothing again. */
export const listingMailId = (eventId: string): string => stableId(`listing mail ${eventId}`);
