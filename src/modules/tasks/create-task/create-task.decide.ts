import type { Decider } from '../../../commands/decider';
import type { TaskType } from '../../../contract/tasks';
import { evolveTask, initialTask, type Task } from '../task';
import type { TaskEvent } from '../tasks.events';

/**
 * The caller checked that the creator may see the lead, and read the lead's agent and office.
 * The task goes to the lead's agent, or to its creator while nobody holds the lead (the pond).
 */
export type CreateTask = {
  readonly taskId: string;
  readonly leadId: string;
  readonly siteId: string;
  readonly officeId: string | null;
  readonly leadAgentId: string | null;
  readonly title: string;
  readonly taskType: TaskType;
  readonly dueAt: string;
  readonly byUserId: string;
};

/** A second create with the same id (a retry) appends nothing. */
export function decideCreateTask(c: CreateTask, s: Task): TaskEvent[] {
  if (s.exists) return [];
  const { taskId, leadId, siteId, officeId, title, taskType, dueAt, byUserId } = c;
  return [{ type: 'TaskCreated', data: { taskId, leadId, siteId, officeId, title, taskType, dueAt, assigneeId: c.leadAgentId ?? byUserId, byUserId } }];
}

export const createTaskDecider: Decider<Task, CreateTask, TaskEvent> = { initialState: initialTask, evolve: evolveTask, decide: decideCreateTask };
