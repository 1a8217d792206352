import type { Migration } from './migration';

/**
 * Pond notices' web pushes go through the one web push outbox (web_push_queue, migration 60),
 * queued by the new-lead notifier with the notice's id as the push's event id and notification id.
 * The pond pushes still unfinished in lead_notice_outbox (pending, or failed and waiting for a
 * human) move to that queue under the same ids, worded as they were; the web push sender plans
 * and sends them (one a day old or more is dropped as stale there, as every push is). Their rows
 * here are left 'moved', words and address cleared. Task reminders need no move: their queue
 * (task_reminder_outbox) stays, and hands each reminder to the web push queue when it is due.
 */
export const pondPushesOneOutbox: Migration = {
  id: 62,
  name: 'pond-pushes-one-outbox',
  up: `
INSERT INTO web_push_queue (event_id, name, lead_id, user_ids, staff, payload, at)
SELECT notice_id, 'notification', NULL, ARRAY[recipient_id], false,
       jsonb_build_object('title', subject, 'body', body, 'url', url, 'tag', 'pond-' || lead_id, 'id', notice_id),
       created_at
  FROM lead_notice_outbox WHERE channel = 'push' AND state IN ('pending', 'failed')
ON CONFLICT (event_id) DO NOTHING;
UPDATE lead_notice_outbox SET state = 'moved', to_address = '', subject = '', body = '', html = NULL
 WHERE channel = 'push' AND state IN ('pending', 'failed');
`,
};
