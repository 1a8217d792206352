import type { Migration } from './migration';

/**
 * Speed to lead (issue 15): the new-lead notices' queue and outbox. Plain tables, not read
 * models: a rebuild must never empty or refill them (that would notify again).
 * `lead_notice_queue`: one row per assignment, claim or pond event, keyed by the event's id,
 * written by the lead_notices projection with its checkpoint. `lead_notice_outbox`: one row per
 * recipient and channel (e-mail, text, web push), keyed by an id derived from the event id, the
 * recipient and the channel, so expanding an event twice queues nothing twice. Events from before
 * this migration was applied are not notified: nobody was told they would be.
 */
export const LEAD_NOTICES_MIGRATION = 16;

export const leadNotices: Migration = {
  id: LEAD_NOTICES_MIGRATION,
  name: 'lead-notices',
  up: `
CREATE TABLE lead_notice_queue (
  event_id uuid PRIMARY KEY,
  type text NOT NULL,
  lead_id uuid NOT NULL,
  data jsonb NOT NULL,
  at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_notice_queue_pending ON lead_notice_queue (at) WHERE state = 'pending';
CREATE TABLE lead_notice_outbox (
  notice_id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  recipient_id uuid NOT NULL,
  channel text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  html text,
  url text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX lead_notice_outbox_pending ON lead_notice_outbox (attempts, created_at) WHERE state = 'pending';
`,
};
