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
  ).join('\n'),
};
