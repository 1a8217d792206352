import { Inject, Injectable } from '@nestjs/common';
import { listTasks } from '../../../../projections/tasks';
import { TASK_TYPE_LABEL } from '../../../contract/tasks';
import { OutboxKit, type OutboxPlan, OutboxSender } from '../../messaging';
import { type Notification, queueWebPush, WebPushSender, WORDED } from '../../notifications';
import { loadTask } from '../task';
import { REMINDER_QUEUED_SIGNAL } from './reminder.queue';

/** A reminder as it goes out: to whom (the task's assignee when it is sent) and what their browsers show. */
export type ReminderPush = { readonly userId: string; readonly notification: Notification };

type Row = { reminder_id: string; task_id: string; due_at: Date; late: boolean };

/** A reminder whose time came while no instance ran longer ago than this is not sent late. */
export const REMINDER_LATEST_HOURS = 24;

const OUTBOX = {
  table: 'task_reminder_outbox',
  key: 'reminder_id',
  // Only a row never tried is late: one that failed keeps its day of retries under the policy.
  columns: `reminder_id, task_id, due_at, (attempts = 0 AND due_at < now() - interval '${REMINDER_LATEST_HOURS} hours') AS late`,
  order: 'due_at, reminder_id',
  // A row waits in the queue until its time has come.
  where: 'due_at <= now()',
};

/**
 * Hands the task reminders queued in task_reminder_outbox by the task_reminders projection to the
 * one web push outbox at their due time (the row taken under its lock, its push queued in
 * web_push_queue and the row marked sent in one transaction; two instances never take the same
 * row). The task is read from its stream first: done, moved or gone makes the reminder void. The
 * web push sender then sends it to each of the assignee's browsers once, on the one retry policy;
 * the reminder's id is its push's event id and notification id, so a push service (Topic) and
 * the service worker show it once. The web push sender is woken once the reminders are handed
 * over (wake), so a reminder goes out at its time, not up to a sweep later.
 */
@Injectable()
export class TaskReminderSender extends OutboxSender<Row, ReminderPush> {
  constructor(
    @Inject(OutboxKit) kit: OutboxKit,
    @Inject(WebPushSender) private readonly pushes: WebPushSender,
  ) {
    super(kit, {
      name: 'task-reminders',
      what: 'web pushes',
      signal: REMINDER_QUEUED_SIGNAL,
      table: OUTBOX,
      deliver: (p, reminderId, _row, tx) =>
        queueWebPush(tx, { eventId: reminderId, name: WORDED, leadId: null, userIds: [p.userId], payload: p.notification, at: new Date() }),
    });
  }

  protected override async onSweep(): Promise<number> {
    const handed = await this.sendPending();
    // Each handed over in its row's committed transaction: the web push sender sends them now, not at its next sweep.
    if (handed > 0) this.pushes.wake();
    return handed;
  }

  protected async compose(row: Row): Promise<OutboxPlan<ReminderPush>> {
    const task = await loadTask(this.kit.store, row.task_id);
    if (!task.exists || task.done || new Date(task.dueAt).getTime() !== row.due_at.getTime()) return { state: 'void' };
    if (row.late) return { state: 'late' };
    const leadName = (await listTasks(this.kit.pool, { kind: 'lead', leadId: task.leadId }, undefined, new Date())).find(
      (t) => t.taskId === task.taskId,
    )?.leadName;
    return {
      message: {
        userId: task.assigneeId,
        notification: {
          title: `Task due: ${task.title}`,
          body: `${TASK_TYPE_LABEL[task.taskType]}${leadName ? ` · ${leadName}` : ''}`,
          url: `/dashboard?lead=${task.leadId}`,
          tag: `task-${task.taskId}`,
          id: row.reminder_id,
        },
      },
    };
  }
}
