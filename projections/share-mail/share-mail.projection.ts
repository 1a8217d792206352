import { SHARE_MAIL_MIGRATION } from '../../src/database/migrations/011-share-mail-outbox';
import type { ListingShared } from '../../src/modules/organizer/organizer.events';
import { handledTypes, outboxProjection } from '../runner';
import { SHARE_MAIL_PUSH, shareMailId } from './share-mail-queue';

/**
 * The share e-mail's half of the outbox: each ListingShared event queues one row in
 * share_mail_outbox, keyed by an id derived from the event id. Shares from before the outbox
 * existed (migration 11) are not queued. The organizer's ShareMailSender sends.
 */
export const shareMailProjection = outboxProjection<ListingShared>({
  name: 'share_mail',
  eventTypes: handledTypes<ListingShared>()(['ListingShared']),
  signal: SHARE_MAIL_PUSH,
  insert: (e) => {
    const d = e.data;
    return {
      sql: `INSERT INTO share_mail_outbox (mail_id, share_event_id, lead_id, user_id, site_id, pdid, to_email, message, shared_at)
            SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
             WHERE $9::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $10)
            ON CONFLICT (mail_id) DO NOTHING`,
      values: [shareMailId(e.eventId), e.eventId, d.leadId, d.userId, d.siteId, d.pdid, d.toEmail, d.message, d.at ?? e.metadata.at, SHARE_MAIL_MIGRATION],
    };
  },
});
