import { LEAD_EMAIL_OUTBOX_MIGRATION } from '../../src/database/migrations/017-lead-email-outbox';
import type { LeadEmailSent } from '../../src/modules/leads/leads.events';
import { stableId } from '../../src/shared/stable-id';
import { handledTypes, type Projection } from '../runner';

/** The in-process push this projection emits after it queued e-mails. */
export const LEAD_EMAIL_PUSH = 'leads.emailQueued';

/** The outbox row of a CRM e-mail: derived from its messageId, so a replay queues the same row and sends nothing again. */
export const leadEmailMailId = (messageId: string): string => stableId(`lead email ${messageId}`);

/**
 * The CRM e-mail's half of the outbox: each LeadEmailSent queues one row in lead_email_outbox in
 * the same transaction as this projection's checkpoint (ON CONFLICT DO NOTHING on an id derived
 * from the messageId), so replaying the log — a first start on an old log, a rebuild — queues
 * nothing twice and nothing already sent again. E-mails from before the outbox existed
 * (migration 17) are not queued. The leads context's LeadEmailSender sends.
 * No tables of its own: the outbox is a plain table a rebuild must never empty.
 */
export const leadEmailOutboxProjection: Projection = {
  name: 'lead_email_outbox',
  version: 1,
  eventTypes: handledTypes<LeadEmailSent>()(['LeadEmailSent']),
  tables: [],
  async createTables() {},
  async apply(events, ctx) {
    let queued = 0;
    for (const stored of events) {
      const e = stored as unknown as LeadEmailSent & typeof stored;
      const d = e.data;
      const { rowCount } = await ctx.tx.query(
        `INSERT INTO lead_email_outbox (mail_id, message_id, lead_id, by_user_id, subject, body, queued_at)
         SELECT $1, $2, $3, $4, $5, $6, $7 WHERE $7::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $8)
         ON CONFLICT (mail_id) DO NOTHING`,
        [leadEmailMailId(d.messageId), d.messageId, d.leadId, d.byUserId, d.subject, d.body, e.metadata.at, LEAD_EMAIL_OUTBOX_MIGRATION],
      );
      queued += rowCount ?? 0;
    }
    if (queued > 0) ctx.signal({ signal: LEAD_EMAIL_PUSH, payload: { queued } });
  },
};
