import type { Migration } from './migration';

/**
 * Agents' own mailboxes (issue 30). `mailbox_sync`: one row per connected mailbox, the poller's
 * schedule and health under the outboxes' retry policy (state 'pending' while it is polled,
 * 'failed' once it needs the agent: a refused password); `mailbox_folders`: each folder's
 * checkpoint, its UIDVALIDITY and the last UID read. Plain tables, not read models: a rebuild
 * must never empty them.
 */
export const mailboxSync: Migration = {
  id: 47,
  name: 'mailbox-sync',
  up: `
CREATE TABLE mailbox_sync (
  user_id uuid PRIMARY KEY,
  connected_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  last_sync_at timestamptz,
  messages int NOT NULL DEFAULT 0,
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz, first_failed_at timestamptz, last_attempt_at timestamptz, last_error text, failed_at timestamptz
);
CREATE INDEX mailbox_sync_due ON mailbox_sync (next_attempt_at NULLS FIRST) WHERE state = 'pending';
CREATE TABLE mailbox_folders (
  user_id uuid NOT NULL,
  folder text NOT NULL,
  uid_validity bigint NOT NULL,
  last_uid bigint NOT NULL,
  PRIMARY KEY (user_id, folder)
);
`,
};
