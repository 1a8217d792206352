import type { Migration } from './migration';

/**
 * Reply notices (issue 16): an agent hears of a lead's text, MMS or e-mail reply by e-mail and/or
 * text, as they chose. `reply_notice_outbox`: one row per inbound reply and channel (email, text),
 * keyed by an id derived from the event id and the channel, written by the reply_notices
 * projection with its checkpoint and sent by the thread context's two senders, which read the
 * agent's choice when the row goes out (a channel not chosen ends 'off'). The row holds no words
 * or addresses. A plain table, not a read model: a rebuild must never empty or refill it (that
 * would notify again). Replies from before this migration was applied are not notified.
 */
export const REPLY_NOTICES_MIGRATION = 20;

export const replyNotices: Migration = {
  id: REPLY_NOTICES_MIGRATION,
  name: 'reply-notices',
  up: `
CREATE TABLE reply_notice_outbox (
  notice_id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  lead_id uuid NOT NULL,
  channel text NOT NULL,
  reply_kind text NOT NULL,
  queued_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz
);
CREATE INDEX reply_notice_outbox_pending ON reply_notice_outbox (channel, attempts, queued_at) WHERE state = 'pending';
`,
};
