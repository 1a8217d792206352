import type { Migration } from './migration';

/**
 * Behaviour alerts (issue 19 part 2). Two plain tables (not read models: a rebuild must never
 * empty or refill them, which would evaluate or notify again), written by the behaviour_alerts
 * projection with its checkpoint:
 * - `behaviour_alert_queue`: one row per event of a lead's that may mean intent (a view, a search,
 *   a favourite, a share, a showing request, an alert opened), keyed by the event id; the
 *   behaviour context's detector takes each once and decides the alerts it raises.
 * - `behaviour_alert_outbox`: one e-mail row per alert raised, keyed by an id derived from the
 *   alert's; the mail sender reads the agent's choice when it goes out. No words or addresses.
 * Events from before this migration was applied are not queued.
 */
export const BEHAVIOUR_ALERTS_MIGRATION = 24;

export const behaviourAlerts: Migration = {
  id: BEHAVIOUR_ALERTS_MIGRATION,
  name: 'behaviour-alerts',
  up: `
CREATE TABLE behaviour_alert_queue (
  event_id uuid PRIMARY KEY,
  lead_id uuid NOT NULL,
  at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  done_at timestamptz
);
CREATE INDEX behaviour_alert_queue_pending ON behaviour_alert_queue (at, event_id) WHERE state = 'pending';
CREATE TABLE behaviour_alert_outbox (
  notice_id uuid PRIMARY KEY,
  alert_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  agent_id uuid NOT NULL,
  queued_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz
);
CREATE INDEX behaviour_alert_outbox_pending ON behaviour_alert_outbox (attempts, queued_at) WHERE state = 'pending';
`,
};
