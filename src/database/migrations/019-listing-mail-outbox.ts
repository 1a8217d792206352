import type { Migration } from './migration';

/**
 * Listings an agent e-mails a lead (issue 16): the outbox of those e-mails, one row per
 * ListingsSentToLead, keyed by an id derived from the event id, written by the listing_mail
 * projection with its checkpoint and sent by the leads context's ListingMailSender. The row
 * holds no words or addresses: the e-mail is composed from the event and the lead when it goes
 * out. A plain table, not a read model: a rebuild must never empty or refill it (that would send
 * again). E-mails recorded before this migration was applied are not sent.
 */
export const LISTING_MAIL_MIGRATION = 19;

export const listingMailOutbox: Migration = {
  id: LISTING_MAIL_MIGRATION,
  name: 'listing-mail-outbox',
  up: `
CREATE TABLE listing_mail_outbox (
  mail_id uuid PRIMARY KEY,
  message_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  queued_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz
);
CREATE INDEX listing_mail_outbox_pending ON listing_mail_outbox (attempts, queued_at) WHERE state = 'pending';
`,
};
