import { handledTypes, outboxProjection } from '../../../../projections/runner';
import { LISTING_MAIL_MIGRATION } from '../../../database/migrations/019-listing-mail-outbox';
import { stableId } from '../../../shared/stable-id';
import type { ListingsSentToLead } from '../listing-mail.events';

/** The in-process signal the listing_mail queue gives after it queued e-mails. */
export const LISTING_MAIL_SIGNAL = 'leads.listingMailQueued';

/** The outbox row of an e-mail of listings: derived from the ListingsSentToLead event's id, so a replay queues the same row and sends nothing again. */
export const listingMailId = (eventId: string): string => stableId(`listing mail ${eventId}`);

/**
 * The listings e-mail's half of the outbox (issue 16): each ListingsSentToLead queues one row in
 * listing_mail_outbox, keyed by an id derived from the event id. E-mails recorded before the
 * outbox existed (migration 19) are not queued. ListingMailSender, beside it, sends.
 */
export const listingMailProjection = outboxProjection<ListingsSentToLead>({
  name: 'listing_mail',
  eventTypes: handledTypes<ListingsSentToLead>()(['ListingsSentToLead']),
  outboxTables: ['listing_mail_outbox'],
  signal: LISTING_MAIL_SIGNAL,
  insert: (e) => ({
    sql: `INSERT INTO listing_mail_outbox (mail_id, message_id, lead_id, queued_at)
          SELECT $1, $2, $3, $4 WHERE $4::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $5)
          ON CONFLICT (mail_id) DO NOTHING`,
    values: [listingMailId(e.eventId), e.data.messageId, e.data.leadId, e.metadata.at, LISTING_MAIL_MIGRATION],
  }),
});
