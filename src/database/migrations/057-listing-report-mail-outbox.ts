import type { Migration } from './migration';

/**
 * The outbox of the listing activity reports agents e-mail to sellers: one row per
 * ListingReportEmailed event, keyed by an id derived from the send, with the one retry policy's
 * columns. The row holds no name, address or words: the e-mail is composed from the event when
 * it goes out. A plain table, not a read model: a rebuild must never empty or refill it (that
 * would send again). Reports recorded before it existed are not sent.
 */
export const LISTING_REPORT_MAIL_MIGRATION = 57;

export const listingReportMailOutbox: Migration = {
  id: LISTING_REPORT_MAIL_MIGRATION,
  name: 'listing-report-mail-outbox',
  up: `
CREATE TABLE listing_report_mail_outbox (
  mail_id uuid PRIMARY KEY,
  send_id uuid NOT NULL,
  pdid text NOT NULL,
  by_user_id uuid NOT NULL,
  queued_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz,
  next_attempt_at timestamptz, first_failed_at timestamptz, last_attempt_at timestamptz, last_error text, failed_at timestamptz
);
CREATE INDEX listing_report_mail_outbox_pending ON listing_report_mail_outbox (attempts, queued_at) WHERE state = 'pending';
CREATE INDEX listing_report_mail_outbox_failed ON listing_report_mail_outbox (failed_at DESC NULLS LAST) WHERE state = 'failed';
CREATE INDEX listing_report_mail_outbox_pdid ON listing_report_mail_outbox (pdid);
`,
};
