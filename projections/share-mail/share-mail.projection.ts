import { SHARE_MAIL_MIGRATION } from '../../src/database/migrations/011-share-mail-outbox';
import type { ListingShared } from '../../src/modules/organizer/organizer.events';
import { SHARE_MAIL_PUSH, shareMailId } from './share-mail-queue';
import type { Projection } from '../runner';

/**
 * The share e-mail's half of the outbox: each ListingShared event queues one row in
 * share_mail_outbox in the same transaction as this projection's checkpoint, keyed by an id
 * derived from the event id (ON CONFLICT DO NOTHING), so replaying the log — a first start on
 * an old log, a rebuild — queues nothing twice and nothing already sent again. Shares from before
 * the outbox existed (migration 11) are not queued. The organizer's ShareMailSender sends.
 * No tables of its own: the outbox is a plain table a rebuild must never empty.
 */
export const shareMailProjection: Projection = {
  name: 'share_mail',
  version: 1,
  eventTypes: ['ListingShared'],
  tables: [],
  async createTables() {},
  async apply(events, ctx) {
    let queued = 0;
    for (const stored of events) {
      const e = stored as unknown as ListingShared & typeof stored;
      const d = e.data;
      const { rowCount } = await ctx.tx.query(
        `INSERT INTO share_mail_outbox (mail_id, share_event_id, lead_id, user_id, site_id, pdid, to_email, message, shared_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
          WHERE $9::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $10)
         ON CONFLICT (mail_id) DO NOTHING`,
        [shareMailId(e.eventId), e.eventId, d.leadId, d.userId, d.siteId, d.pdid, d.toEmail, d.message, d.at ?? e.metadata.at, SHARE_MAIL_MIGRATION],
      );
      queued += rowCount ?? 0;
    }
    if (queued > 0) ctx.signal({ signal: SHARE_MAIL_PUSH, payload: { queued } });
  },
};
