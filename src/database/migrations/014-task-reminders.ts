import type { Migration } from './migration';

/**
 * The reminders' outboxes (issue 15), plain tables that a rebuild never empties (that would
 * remind again). task_reminder_outbox: one row per task and due time whose push was sent (or
 * found void: done, moved, handed on) — a snooze is a new due time, so a new row. The row is
 * inserted, the push sent and the row marked in one transaction: two sweepers wait on the same
 * key and only the first sends. task_digest_outbox: one row per agent and local date the morning
 * digest was decided for (sent, or skipped with nothing to say).
 */
export const taskReminders: Migration = {
  id: 14,
  name: 'task-reminders',
  up: `
CREATE TABLE task_reminder_outbox (
  task_id uuid NOT NULL,
  due_at timestamptz NOT NULL,
  assignee_id uuid NOT NULL,
  state text NOT NULL,
  decided_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, due_at)
);
CREATE TABLE task_digest_outbox (
  agent_id uuid NOT NULL,
  local_date date NOT NULL,
  state text NOT NULL,
  tasks int NOT NULL DEFAULT 0,
  decided_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agent_id, local_date)
);
`,
};
