import type { Migration } from './migration';

/**
 * Issue 18: the per-person data keys personal fields in events are sealed under
 * (src/eventstore/personal-data/). `subject` is a lead id or a user id; `owner_id` the account
 * a lead's key belongs to; `data_key` NULL once erased (the row stays, a tombstone).
 * `personal_data_rewrites` records the one-time re-encryption of events stored before this.
 */
export const personalDataKeys: Migration = {
  id: 21,
  name: 'personal-data-keys',
  up: `
CREATE TABLE personal_data_keys (
  subject text PRIMARY KEY,
  owner_id text,
  data_key bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz
);
CREATE INDEX personal_data_keys_owner ON personal_data_keys (owner_id) WHERE owner_id IS NOT NULL;
CREATE TABLE personal_data_rewrites (
  id text PRIMARY KEY,
  events_rewritten bigint NOT NULL,
  done_at timestamptz NOT NULL DEFAULT now()
);
`,
};
