import { handledTypes, outboxProjection } from '../../../../projections/runner';
import { SHARE_MAIL_MIGRATION } from '../../../database/migrations/011-share-mail-outbox';
import { stableId } from '../../../shared/stable-id';
import type { ListingShared } from '../organizer.events';

/** The in-process push the share_mail queue emits after it queued share e-mails. */
export const SHARE_MAIL_PUSH = 'organizer.shareMailQueued';

/** The outbox row of a share: derived from the ListingShared event's id, so a replay queues the same row and sends nothing again. */
export const shareMailId = (shareEventId: string): string => stableId(`share mail ${shareEventId}`);

/**
 * The share e-mail's half of the outbox: each ListingShared event queues one row in
 * share_mail_outbox, keyed by an id derived from the event id. Shares from before the outbox
 * existed (migration 11) are not queued. ShareMailSender, beside it, sends.
 */
export const shareMailProjection = outboxProjection<ListingShared>({
  name: 'share_mail',
  eventTypes: handledTypes<ListingShared>()(['ListingShared']),
  outboxTables: ['share_mail_outbox'],
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
