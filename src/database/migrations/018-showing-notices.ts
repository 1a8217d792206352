import type { Migration } from './migration';

/**
 * Showings (issue 16). `showing_notice_outbox`: one row per showing, notice kind (invite,
 * cancel, reminder), SEQUENCE and recipient (lead, agent) whose message was sent or found void
 * (moved, cancelled since); a plain table that a rebuild never empties (that would send again).
 * The row is inserted, the message sent and the row committed in one transaction, so of two
 * senders the second waits on the key and finds it taken. `mail_outbox.attachments`: the
 * development mailbox keeps what an e-mail carried (the showing's .ics) as
 * [{filename, contentType, content}].
 */
export const showingNotices: Migration = {
  id: 18,
  name: 'showing-notices',
  up: `
CREATE TABLE showing_notice_outbox (
  showing_id uuid NOT NULL,
  kind text NOT NULL,
  sequence int NOT NULL,
  recipient text NOT NULL,
  channel text NOT NULL,
  state text NOT NULL,
  decided_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (showing_id, kind, sequence, recipient)
);
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
`,
};
