import type { Migration } from './migration';

/** The development SMS adapter's outbox (like mail_outbox): what "would have been sent". */
export const smsOutbox: Migration = {
  id: 5,
  name: 'sms-outbox',
  up: `
CREATE TABLE sms_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_number text NOT NULL,
  body text NOT NULL,
  media_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
