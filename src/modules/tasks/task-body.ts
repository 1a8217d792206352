import type { Task } from './task';

/** The contract's shape of a task (section 5a). */
export const contractTask = (t: Extract<Task, { exists: true }>) => ({
  taskId: t.taskId,
  leadId: t.leadId,
  title: t.title,
  type: t.taskType,
  dueAt: t.dueAt,
  done: t.done,
  assigneeId: t.assigneeId,
});
