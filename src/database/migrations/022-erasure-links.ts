import type { Migration } from './migration';

/**
 * Issue 18: the e-mailed links by which a person confirms erasing their own account (the way for
 * an account without a password). One row per request: the sender mails it while `state` is
 * pending (the address is read from the account when composed, never stored here), and
 * `used_at` is set when the link erased the account, so a link works once. Only ids and times.
 * A plain table, not a read model.
 */
export const erasureLinks: Migration = {
  id: 22,
  name: 'erasure-links',
  up: `
CREATE TABLE erasure_link_outbox (
  request_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  site_id uuid,
  requested_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz,
  used_at timestamptz
);
CREATE INDEX erasure_link_outbox_pending ON erasure_link_outbox (attempts, requested_at) WHERE state = 'pending';
`,
};
