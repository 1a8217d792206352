import type { Migration } from './migration';

/**
 * The alerts process manager's queue and outbox. Not read models: a projection rebuild must
 * never empty or refill them (that would lose or repeat alerts), so they live outside the
 * projection runner's versioned tables. `alert_changes` is written by the alerts projection in
 * the transaction that moves its checkpoint (once per listing change); `alert_outbox` holds one
 * row per lead and change (the unique key is "never twice for the same change").
 */
export const propertyAlerts: Migration = {
  id: 8,
  name: 'property-alerts',
  up: `
CREATE TABLE alert_changes (
  event_id uuid PRIMARY KEY,
  pdid text NOT NULL,
  kind text NOT NULL,
  detail jsonb NOT NULL,
  tx_id bigint NOT NULL,
  global_position bigint NOT NULL,
  at timestamptz NOT NULL,
  matched_at timestamptz
);
CREATE INDEX alert_changes_unmatched ON alert_changes (tx_id, global_position) WHERE matched_at IS NULL;
CREATE TABLE alert_outbox (
  alert_id uuid PRIMARY KEY,
  lead_id uuid NOT NULL,
  user_id uuid NOT NULL,
  site_id uuid NOT NULL,
  pdid text NOT NULL,
  change_event_id uuid NOT NULL,
  kind text NOT NULL,
  detail jsonb NOT NULL,
  reason text NOT NULL,
  search_ids uuid[] NOT NULL DEFAULT '{}',
  frequency text NOT NULL,
  created_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  sent_at timestamptz,
  attempts int NOT NULL DEFAULT 0,
  UNIQUE (lead_id, change_event_id)
);
CREATE INDEX alert_outbox_pending ON alert_outbox (frequency, created_at) WHERE state = 'pending';
`,
};
