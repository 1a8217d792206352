import type { Migration } from './migration';

/**
 * Automated texts (plans' steps) waiting for the lead's window (contract section 13): each goes
 * no earlier than `not_before`, the first moment inside 08:00–21:00 of the lead's day (narrower
 * as the office says) on a day the lead has had fewer than the office's number of them. Sent
 * rows stay (without their words) to count the day's texts; the retry policy's columns as on
 * every outbox.
 */
export const automatedTexts: Migration = {
  id: 53,
  name: 'automated-texts',
  up: `
CREATE TABLE automated_texts (
  message_id uuid PRIMARY KEY,
  lead_id uuid NOT NULL,
  site_id uuid NOT NULL,
  by_user_id uuid NOT NULL,
  body text NOT NULL,
  not_before timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  next_attempt_at timestamptz,
  first_failed_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  failed_at timestamptz
);
CREATE INDEX automated_texts_due ON automated_texts (not_before) WHERE state = 'pending';
CREATE INDEX automated_texts_lead ON automated_texts (lead_id, not_before);
`,
};
