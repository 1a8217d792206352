import { z } from 'zod';
import { TASK_TITLE_MAX, TASK_TYPES, type TaskType } from '../../contract/tasks';
import type { Task } from './task';

/** The fields a task is made or changed with; a due time with its offset, kept as UTC. */
export const taskTitle = z.string({ error: 'title is required' }).trim().max(TASK_TITLE_MAX).refine((t) => t.length > 0, { error: 'title is required' });
/** One of `values`, else 400 with `message` (naming what is allowed). */
export const oneOf = <T extends string>(values: readonly T[], message: string) => z.custom<T>((v) => typeof v === 'string' && (values as readonly string[]).includes(v), { error: message });
export const taskType = oneOf<TaskType>(TASK_TYPES, `type must be one of ${TASK_TYPES.join(', ')}`);
const isoWithOffset = z.iso.datetime({ offset: true });
export const dueAt = z
  .string({ error: 'dueAt is required' })
  .refine((s) => isoWithOffset.safeParse(s).success, { error: 'dueAt must be a date and time with its offset' })
  .transform((s) => new Date(s).toISOString());

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
