import { LISTING_MAIL_MIGRATION } from '../../src/database/migrations/019-listing-mail-outbox';
import type { ListingsSentToLead } from '../../src/modules/listing-mail/listing-mail.events';
import { handledTypes, outboxProjection } from '../runner';
import { LISTING_MAIL_SIGNAL, listingMailId } from './listing-mail-queue';

/**
 * The listings e-mail's half of the outbox (issue 16): each ListingsSentToLead queues one row in
 * listing_mail_outbox, keyed by an id derived from the event id. E-mails recorded before the
 * outbox existed (migration 19) are not queued. The leads context's ListingMailSender sends.
 */
export const listingMailProjection = outboxProjection<ListingsSentToLead>({
  name: 'listing_mail',
  eventTypes: handledTypes<ListingsSentToLead>()(['ListingsSentToLead']),
  signal: LISTING_MAIL_SIGNAL,
  insert: (e) => ({
    sql: `INSERT INTO listing_mail_outbox (mail_id, message_id, lead_id, queued_at)
          SELECT $1, $2, $3, $4 WHERE $4::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $5)
          ON CONFLICT (mail_id) DO NOTHING`,
    values: [listingMailId(e.eventId), e.data.messageId, e.data.leadId, e.metadata.at, LISTING_MAIL_MIGRATION],
  }),
});
