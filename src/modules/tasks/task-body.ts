import { z } from 'zod';
import { TASK_TITLE_MAX, TASK_TYPES, type TaskType } from '../../contract/tasks';
import { instantField, oneOf } from '../../http/fields';
import type { Task } from './task';

/** The fields a task is made or changed with; a due time with its offset, kept as UTC. */
export const taskTitle = z.string({ error: 'title is required' }).trim().max(TASK_TITLE_MAX).refine((t) => t.length > 0, { error: 'title is required' });
export const taskType = oneOf<TaskType>(TASK_TYPES, `type must be one of ${TASK_TYPES.join(', ')}`);
export const dueAt = instantField('dueAt');

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
