import { handledTypes, outboxProjection } from '../../../../projections/runner';
import { LEAD_EMAIL_OUTBOX_MIGRATION } from '../../../database/migrations/017-lead-email-outbox';
import { stableId } from '../../../shared/stable-id';
import type { LeadEmailSent } from '../conversation.events';

/** The in-process push this projection emits after it queued e-mails. */
export const LEAD_EMAIL_PUSH = 'leads.emailQueued';

/** The outbox row of a CRM e-mail: derived from its messageId, so a replay queues the same row and sends nothing again. */
export const leadEmailMailId = (messageId: string): string => stableId(`lead email ${messageId}`);

/**
 * The CRM e-mail's half of the outbox: each LeadEmailSent queues one row in lead_email_outbox,
 * keyed by an id derived from the messageId. E-mails from before the outbox existed (migration
 * 17) are not queued, nor those the agent sent from their own mail client (`fromMailbox`). LeadEmailSender, beside it, sends.
 */
export const leadEmailOutboxProjection = outboxProjection<LeadEmailSent>({
  name: 'lead_email_outbox',
  eventTypes: handledTypes<LeadEmailSent>()(['LeadEmailSent']),
  outboxTables: ['lead_email_outbox'],
  signal: LEAD_EMAIL_PUSH,
  insert: (e) => {
    const d = e.data;
    if (d.fromMailbox) return null;
    return {
      sql: `INSERT INTO lead_email_outbox (mail_id, message_id, lead_id, by_user_id, subject, body, queued_at)
            SELECT $1, $2, $3, $4, $5, $6, $7 WHERE $7::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $8)
            ON CONFLICT (mail_id) DO NOTHING`,
      values: [leadEmailMailId(d.messageId), d.messageId, d.leadId, d.byUserId, d.subject, d.body, e.metadata.at, LEAD_EMAIL_OUTBOX_MIGRATION],
    };
  },
});
