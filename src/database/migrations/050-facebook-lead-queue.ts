import type { Migration } from './migration';

/**
 * The Facebook leads Meta announced and the reactor has yet to fetch: one row
 * per leadgen id (a retried webhook adds none), ids only, on the outboxes' retry policy. The row
 * is the webhook's acknowledgement: once it is committed Meta gets its 200.
 */
export const facebookLeadQueue: Migration = {
  id: 50,
  name: 'facebook-lead-queue',
  up: `
CREATE TABLE facebook_lead_queue (
  leadgen_id text PRIMARY KEY,
  page_id text NOT NULL,
  form_id text,
  ad_id text,
  created_time timestamptz,
  received_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz,
  next_attempt_at timestamptz,
  first_failed_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  failed_at timestamptz
);
CREATE INDEX facebook_lead_queue_pending ON facebook_lead_queue (received_at) WHERE state = 'pending';
CREATE INDEX facebook_lead_queue_failed ON facebook_lead_queue (failed_at DESC NULLS LAST) WHERE state = 'failed';
`,
};
