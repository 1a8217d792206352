import type { Migration } from './migration';

/** Every outbox that sends to a provider; the retry policy's columns are on each (messaging/retry-policy.ts). */
const OUTBOX_TABLES = [
  'alert_outbox',
  'share_mail_outbox',
  'lead_notice_outbox',
  'lead_email_outbox',
  'listing_mail_outbox',
  'reply_notice_outbox',
  'erasure_link_outbox',
  'plan_work',
  'behaviour_alert_outbox',
];

/**
 * The outboxes' one retry policy: when a pending row may be tried next (`next_attempt_at`, NULL:
 * at once), when it first failed (the policy gives up a day later), its last try and the reason
 * it failed (a provider's words, without addresses or numbers), and when it was given up
 * (`failed_at`). Staff list the failed ones per outbox, newest first.
 * `outbox_deferrals`: the same for the outboxes that decide and send a message in one
 * transaction (task digests, showing notices: their own row exists only once sent), one row
 * per message that failed, keyed by its outbox and its key there; gone once it is sent.
 */
export const outboxRetryPolicy: Migration = {
  id: 40,
  name: 'outbox-retry-policy',
  up: OUTBOX_TABLES.map(
    (t) => `
ALTER TABLE ${t}
  ADD COLUMN next_attempt_at timestamptz, ADD COLUMN first_failed_at timestamptz, ADD COLUMN last_attempt_at timestamptz,
  ADD COLUMN last_error text, ADD COLUMN failed_at timestamptz;
CREATE INDEX ${t}_failed ON ${t} (failed_at DESC NULLS LAST) WHERE state = 'failed';`,
  ).join('\n').concat(`
CREATE TABLE outbox_deferrals (
  deferral_id text PRIMARY KEY,
  outbox text NOT NULL,
  message_key text NOT NULL,
  lead_id uuid,
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz, first_failed_at timestamptz, last_attempt_at timestamptz, last_error text, failed_at timestamptz
);
CREATE INDEX outbox_deferrals_failed ON outbox_deferrals (outbox, failed_at DESC NULLS LAST) WHERE state = 'failed';`),
};
