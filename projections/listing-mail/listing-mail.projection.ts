import { LISTING_MAIL_MIGRATION } from '../../src/database/migrations/019-listing-mail-outbox';
import type { ListingsSentToLead } from '../../src/modules/leads/leads.events';
import { handledTypes, type Projection } from '../runner';
import { LISTING_MAIL_SIGNAL, listingMailId } from './listing-mail-queue';

/**
 * The listings e-mail's half of the outbox (issue 16): each ListingsSentToLead queues one row
 * in listing_mail_outbox in the same transaction as this projection's checkpoint, keyed by an id
 * derived from the event id (ON CONFLICT DO NOTHING), so replaying the log — a first start on an
 * old log, a rebuild — queues nothing twice and nothing already sent again. E-mails recorded
 * before the outbox existed (migration 19) are not queued. The leads context's ListingMailSender
 * sends. No tables of its own: the outbox is a plain table a rebuild must never empty.
 */
export const listingMailProjection: Projection = {
  name: 'listing_mail',
  version: 1,
  eventTypes: handledTypes<ListingsSentToLead>()(['ListingsSentToLead']),
  tables: [],
  async createTables() {},
  async apply(events, ctx) {
    let queued = 0;
    for (const stored of events) {
      const e = stored as unknown as ListingsSentToLead & typeof stored;
      const { rowCount } = await ctx.tx.query(
        `INSERT INTO listing_mail_outbox (mail_id, message_id, lead_id, queued_at)
         SELECT $1, $2, $3, $4 WHERE $4::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $5)
         ON CONFLICT (mail_id) DO NOTHING`,
        [listingMailId(e.eventId), e.data.messageId, e.data.leadId, e.metadata.at, LISTING_MAIL_MIGRATION],
      );
      queued += rowCount ?? 0;
    }
    if (queued > 0) ctx.signal({ signal: LISTING_MAIL_SIGNAL, payload: { queued } });
  },
};
