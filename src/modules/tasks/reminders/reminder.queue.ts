import { handledTypes, outboxProjection } from '../../../../projections/runner';
import { TASK_REMINDER_QUEUE_MIGRATION } from '../../../database/migrations/058-task-reminder-push-queue';
import type { StoredEvent } from '../../../shared/event';
import { stableId } from '../../../shared/stable-id';
import type { TaskEvent } from '../tasks.events';

/** The events that set, move or end a reminder (a new title changes none: the push is worded when it goes). */
type ReminderEvent = Exclude<TaskEvent, { readonly type: 'TaskRetitled' }>;

/** The in-process signal the task_reminders queue gives after it queued, voided or revived reminders. */
export const REMINDER_QUEUED_SIGNAL = 'tasks.remindersQueued';

/** One reminder's id, the web push's notification id: the task and the due time it is for (a snooze is a new due time, so a new reminder). */
export const reminderId = (taskId: string, dueAt: Date) => stableId(`task reminder ${taskId} ${dueAt.toISOString()}`);

/** Reminders due this long before the queue's migration are not queued on the first replay (the old sweep's window). */
const NOT_BEFORE = `(SELECT applied_at FROM schema_migrations WHERE id = ${TASK_REMINDER_QUEUE_MIGRATION}) - interval '24 hours'`;

function queue(e: StoredEvent<ReminderEvent>, taskId: string, dueAt: string, assigneeId: string | null) {
  const due = new Date(dueAt);
  // A due time already past when it was set reminds nobody (the task was entered late).
  if (!(due.getTime() > new Date(e.metadata.at).getTime())) return null;
  return {
    sql: `INSERT INTO task_reminder_outbox (task_id, due_at, reminder_id, assignee_id, state)
          SELECT $1, $2, $3, $4, 'pending' WHERE $2::timestamptz > ${NOT_BEFORE}
          ON CONFLICT (task_id, due_at) DO NOTHING`,
    values: [taskId, due, reminderId(taskId, due), assigneeId],
  };
}

const voidPending = (taskId: string, keepDueAt: Date | null) => ({
  sql: `UPDATE task_reminder_outbox SET state = 'void' WHERE task_id = $1 AND state = 'pending' AND due_at IS DISTINCT FROM $2`,
  values: [taskId, keepDueAt],
});

/**
 * The reminders' half of the queue: a due time set ahead (a task made, a snooze, a date changed)
 * queues one row in task_reminder_outbox for that task and time, 'pending' until the time comes;
 * a new due time voids the old one's row; done voids it and reopened revives it; a task handed on
 * names its new assignee. The rows only schedule: TaskReminderSender, beside it, reads the task
 * from its stream before it sends, so a row this projection has not caught up on is still right.
 */
export const reminderQueueProjection = outboxProjection<ReminderEvent>({
  name: 'task_reminders',
  eventTypes: handledTypes<ReminderEvent>()(['TaskCreated', 'TaskRescheduled', 'TaskCompleted', 'TaskReopened', 'TaskReassigned']),
  outboxTables: ['task_reminder_outbox'],
  signal: REMINDER_QUEUED_SIGNAL,
  insert: (e) => {
    switch (e.type) {
      case 'TaskCreated':
        return queue(e, e.data.taskId, e.data.dueAt, e.data.assigneeId);
      case 'TaskRescheduled': {
        const row = queue(e, e.data.taskId, e.data.dueAt, null);
        return row ? [voidPending(e.data.taskId, new Date(e.data.dueAt)), row] : [voidPending(e.data.taskId, null)];
      }
      case 'TaskCompleted':
        return voidPending(e.data.taskId, null);
      case 'TaskReopened':
        // Only a reminder never tried comes back; the sender voids it again unless its time is still the task's.
        return {
          sql: `UPDATE task_reminder_outbox SET state = 'pending' WHERE task_id = $1 AND state = 'void' AND reminder_id IS NOT NULL AND attempts = 0 AND sent_at IS NULL
                  AND due_at > now() - interval '24 hours'`,
          values: [e.data.taskId],
        };
      case 'TaskReassigned':
        return {
          sql: `UPDATE task_reminder_outbox SET assignee_id = $2 WHERE task_id = $1 AND state = 'pending'`,
          values: [e.data.taskId, e.data.assigneeId],
        };
    }
  },
});
