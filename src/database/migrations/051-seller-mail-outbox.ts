import type { Migration } from './migration';

/**
 * The seller suite: the outbox of the e-mails sent to seller leads (a CMA's link,
 * the monthly homeowner digest), one row per message, keyed by an id derived from what queued it,
 * with the one retry policy's columns. The row holds no words or addresses: the e-mail is composed
 * from the events and the lead when it goes out. A plain table, not a read model: a rebuild must
 * never empty or refill it (that would send again). Messages recorded before it existed are not sent.
 */
export const SELLER_MAIL_MIGRATION = 51;

export const sellerMailOutbox: Migration = {
  id: SELLER_MAIL_MIGRATION,
  name: 'seller-mail-outbox',
  up: `
CREATE TABLE seller_mail_outbox (
  mail_id uuid PRIMARY KEY,
  kind text NOT NULL,
  lead_id uuid NOT NULL,
  ref text NOT NULL,
  queued_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz,
  next_attempt_at timestamptz, first_failed_at timestamptz, last_attempt_at timestamptz, last_error text, failed_at timestamptz
);
CREATE INDEX seller_mail_outbox_pending ON seller_mail_outbox (attempts, queued_at) WHERE state = 'pending';
CREATE INDEX seller_mail_outbox_failed ON seller_mail_outbox (failed_at DESC NULLS LAST) WHERE state = 'failed';
`,
};
