import type { Migration } from './migration';

/**
 * Every web push but the task reminders and pond notices (which have their own outboxes) goes
 * through two plain tables, never read models (a rebuild must not empty or refill them):
 * web_push_queue holds one row per event that makes a notification, queued by the web push queue
 * projection in its checkpoint's transaction (or by a reactor in the transaction that records its
 * own work: the instant alerts, the showing notices); web_push_outbox holds one row per event,
 * user and subscription, planned from it, and sent under the one retry policy. The queue skips
 * events from before this migration, so a first start on an old log pushes nothing old.
 */
export const WEB_PUSH_OUTBOX_MIGRATION = 60;

export const webPushOutbox: Migration = {
  id: WEB_PUSH_OUTBOX_MIGRATION,
  name: 'web-push-outbox',
  up: `
CREATE TABLE web_push_queue (
  event_id uuid PRIMARY KEY,
  name text NOT NULL,
  lead_id uuid,
  user_ids uuid[],
  staff boolean NOT NULL DEFAULT false,
  payload jsonb NOT NULL,
  at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending'
);
CREATE INDEX web_push_queue_pending ON web_push_queue (at) WHERE state = 'pending';
CREATE TABLE web_push_outbox (
  push_id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  lead_id uuid,
  user_id uuid NOT NULL,
  endpoint text NOT NULL,
  name text NOT NULL,
  payload text NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz,
  next_attempt_at timestamptz, first_failed_at timestamptz, last_attempt_at timestamptz,
  last_error text, failed_at timestamptz
);
CREATE INDEX web_push_outbox_pending ON web_push_outbox (created_at) WHERE state = 'pending';
CREATE INDEX web_push_outbox_failed ON web_push_outbox (failed_at DESC NULLS LAST) WHERE state = 'failed';
CREATE INDEX web_push_outbox_user ON web_push_outbox (user_id);
CREATE INDEX web_push_outbox_lead ON web_push_outbox (lead_id);
CREATE INDEX web_push_queue_lead ON web_push_queue (lead_id);
`,
};
