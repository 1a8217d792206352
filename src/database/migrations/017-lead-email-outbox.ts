import type { Migration } from './migration';

/**
 * CRM e-mail (issue 16): the outbox of e-mails agents send leads. One row per LeadEmailSent,
 * keyed by an id derived from the e-mail's messageId, written by the lead_email_outbox
 * projection with its checkpoint and sent by the leads context's LeadEmailSender, which clears
 * the words once sent. A plain table, not a read model: a rebuild must never empty or refill it
 * (that would send again). E-mails recorded before this migration was applied are not sent.
 */
export const LEAD_EMAIL_OUTBOX_MIGRATION = 17;

export const leadEmailOutbox: Migration = {
  id: LEAD_EMAIL_OUTBOX_MIGRATION,
  name: 'lead-email-outbox',
  up: `
CREATE TABLE lead_email_outbox (
  mail_id uuid PRIMARY KEY,
  message_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  by_user_id uuid NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  queued_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz
);
CREATE INDEX lead_email_outbox_pending ON lead_email_outbox (attempts, queued_at) WHERE state = 'pending';
`,
};
