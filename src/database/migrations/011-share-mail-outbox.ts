import type { Migration } from './migration';

/**
 * The share e-mail's outbox (issue 8): one row per ListingShared event, keyed by an id derived
 * from the event id, written by the share_mail projection with its checkpoint and emptied of
 * pending rows by the organizer's share mail sender. A plain table, not a read model: a rebuild
 * must never empty it (that would send again). Shares recorded before this migration was
 * applied (schema_migrations.applied_at) are not mailed: nobody was told they would be.
 */
export const SHARE_MAIL_MIGRATION = 11;

export const shareMailOutbox: Migration = {
  id: SHARE_MAIL_MIGRATION,
  name: 'share-mail-outbox',
  up: `
CREATE TABLE share_mail_outbox (
  mail_id uuid PRIMARY KEY,
  share_event_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  user_id uuid NOT NULL,
  site_id uuid NOT NULL,
  pdid text NOT NULL,
  to_email text NOT NULL,
  message text NOT NULL,
  shared_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz
);
CREATE INDEX share_mail_outbox_pending ON share_mail_outbox (attempts, shared_at) WHERE state = 'pending';
`,
};
