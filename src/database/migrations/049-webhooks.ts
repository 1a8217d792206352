import type { Migration } from './migration';

/**
 * Webhooks out (contract section 12). Plain tables owned by src/modules/integrations/webhooks/:
 * - `webhooks`: a subscription (its maker, whose scope it acts in, the URL, the event types, the
 *   signing secret sealed under the server secret, paused or not); `from_position`: the public events after which it hears.
 * - `webhook_deliveries`: one row per public event and webhook (its id is the event's, the same
 *   on every try), with the outbox retry policy's columns and the last answer (status, excerpt).
 * - `webhook_fanout`: how far in the public events the fan-out has gone (one row), and
 *   `webhook_fanout_held`: events of a lead not yet assigned, fanned out once it takes a scope.
 * - `webhook_pause_mails`: the e-mail to a webhook's owner when it was paused after a day of failures.
 */
export const WEBHOOKS_MIGRATION = 49;

export const webhooks: Migration = {
  id: WEBHOOKS_MIGRATION,
  name: 'webhooks',
  up: `
CREATE TABLE webhooks (
  webhook_id uuid PRIMARY KEY,
  owner_id uuid NOT NULL,
  owner_role text NOT NULL,
  url text NOT NULL,
  events text[] NOT NULL,
  secret jsonb NOT NULL,
  from_position bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  paused_at timestamptz,
  paused_why text
);
CREATE INDEX webhooks_owner ON webhooks (owner_id, created_at);
CREATE TABLE webhook_deliveries (
  webhook_id uuid NOT NULL REFERENCES webhooks ON DELETE CASCADE,
  event_id uuid NOT NULL,
  lead_id uuid,
  type text NOT NULL,
  position bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  data jsonb NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz,
  next_attempt_at timestamptz, first_failed_at timestamptz, last_attempt_at timestamptz, last_error text, failed_at timestamptz,
  last_status int,
  PRIMARY KEY (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (position) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_lead ON webhook_deliveries (webhook_id, lead_id, position) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, queued_at DESC);
CREATE TABLE webhook_fanout (one boolean PRIMARY KEY DEFAULT true CHECK (one), position bigint NOT NULL);
INSERT INTO webhook_fanout (position) VALUES (0);
CREATE TABLE webhook_fanout_held (position bigint PRIMARY KEY, lead_id uuid NOT NULL);
CREATE INDEX webhook_fanout_held_lead ON webhook_fanout_held (lead_id);
CREATE TABLE webhook_pause_mails (
  mail_id uuid PRIMARY KEY,
  webhook_id uuid NOT NULL,
  owner_id uuid NOT NULL,
  url text NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz,
  next_attempt_at timestamptz, first_failed_at timestamptz, last_attempt_at timestamptz, last_error text, failed_at timestamptz
);
`,
};
