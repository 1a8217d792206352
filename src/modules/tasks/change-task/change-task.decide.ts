import type { Decider } from '../../../commands/decider';
import { notFound } from '../../../shared/errors';
import { evolveTask, initialTask, type Task } from '../task';
import type { TaskEvent } from '../tasks.events';

export const TASK_NOT_FOUND = 'Task not found';

/**
 * What a PATCH asks (each field optional): complete or reopen, snooze or move (a new due time),
 * hand to another agent, rename. The caller checked that the changer may see the task and, for
 * a reassignment, that they are the broker or staff and the new assignee is in the office.
 */
export type ChangeTask = {
  readonly taskId: string;
  readonly byUserId: string;
  readonly done?: boolean;
  readonly dueAt?: string;
  readonly assigneeId?: string;
  readonly title?: string;
};

/** One event per field that changes, in a fixed order; what is already so appends nothing. */
export function decideChangeTask(c: ChangeTask, s: Task): TaskEvent[] {
  if (!s.exists) throw notFound(TASK_NOT_FOUND);
  const { taskId, leadId } = s;
  const by = { taskId, leadId, byUserId: c.byUserId };
  const out: TaskEvent[] = [];
  if (c.title !== undefined && c.title !== s.title) out.push({ type: 'TaskRetitled', data: { ...by, title: c.title } });
  if (c.assigneeId !== undefined && c.assigneeId !== s.assigneeId) {
    out.push({ type: 'TaskReassigned', data: { taskId, leadId, assigneeId: c.assigneeId, fromAssigneeId: s.assigneeId, byUserId: c.byUserId } });
  }
  if (c.dueAt !== undefined && c.dueAt !== s.dueAt)
    out.push({ type: 'TaskRescheduled', data: { taskId, leadId, dueAt: c.dueAt, fromDueAt: s.dueAt, byUserId: c.byUserId } });
  if (c.done === true && !s.done) out.push({ type: 'TaskCompleted', data: by });
  if (c.done === false && s.done) out.push({ type: 'TaskReopened', data: by });
  return out;
}

export const changeTaskDecider: Decider<Task, ChangeTask, TaskEvent> = { initialState: initialTask, evolve: evolveTask, decide: decideChangeTask };
