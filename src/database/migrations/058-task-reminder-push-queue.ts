import type { Migration } from './migration';

/**
 * Task reminders become a queue under the one retry policy: task_reminder_outbox keeps its key
 * (a task and a due time, so a reminder sent before this change is never queued again) and gains
 * the reminder's id (the web push's notification id, the same on every try) and the policy's
 * columns. The tasks' queue projection inserts a row 'pending' when a due time is set ahead, voids
 * it when the task is done or moved, and the reminder sender takes it once its time has come.
 * Still a plain table: a rebuild must never empty or refill it (that would remind again).
 */
export const TASK_REMINDER_QUEUE_MIGRATION = 58;

export const taskReminderPushQueue: Migration = {
  id: TASK_REMINDER_QUEUE_MIGRATION,
  name: 'task-reminder-push-queue',
  up: `
ALTER TABLE task_reminder_outbox
  ALTER COLUMN assignee_id DROP NOT NULL,
  ALTER COLUMN state SET DEFAULT 'pending',
  ADD COLUMN reminder_id uuid,
  ADD COLUMN attempts int NOT NULL DEFAULT 0,
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN next_attempt_at timestamptz, ADD COLUMN first_failed_at timestamptz, ADD COLUMN last_attempt_at timestamptz,
  ADD COLUMN last_error text, ADD COLUMN failed_at timestamptz;
UPDATE task_reminder_outbox SET sent_at = decided_at WHERE state = 'sent';
CREATE UNIQUE INDEX task_reminder_outbox_id ON task_reminder_outbox (reminder_id);
CREATE INDEX task_reminder_outbox_pending ON task_reminder_outbox (due_at) WHERE state = 'pending';
CREATE INDEX task_reminder_outbox_failed ON task_reminder_outbox (failed_at DESC NULLS LAST) WHERE state = 'failed';
`,
};
