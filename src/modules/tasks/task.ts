import { fold } from '../../commands/decider';
import type { TaskType } from '../../contract/tasks';
import type { EventStore } from '../../eventstore/event-store.port';
import { assertNever } from '../../shared/errors';
import { type TaskEvent, taskStream } from './tasks.events';

export type Task =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly taskId: string;
      readonly leadId: string;
      readonly officeId: string | null;
      readonly title: string;
      readonly taskType: TaskType;
      readonly dueAt: string;
      readonly assigneeId: string;
      readonly done: boolean;
    };

export const initialTask = (): Task => ({ exists: false });

export function evolveTask(s: Task, e: TaskEvent): Task {
  if (e.type === 'TaskCreated') {
    const d = e.data;
    return {
      exists: true,
      taskId: d.taskId,
      leadId: d.leadId,
      officeId: d.officeId,
      title: d.title,
      taskType: d.taskType,
      dueAt: d.dueAt,
      assigneeId: d.assigneeId,
      done: false,
    };
  }
  if (!s.exists) return s;
  switch (e.type) {
    case 'TaskCompleted':
      return { ...s, done: true };
    case 'TaskReopened':
      return { ...s, done: false };
    case 'TaskRescheduled':
      return { ...s, dueAt: e.data.dueAt };
    case 'TaskReassigned':
      return { ...s, assigneeId: e.data.assigneeId };
    case 'TaskRetitled':
      return { ...s, title: e.data.title };
    default:
      return assertNever(e);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The task as its stream says now (never stale). */
export async function loadTask(store: EventStore, taskId: string): Promise<Task> {
  if (!UUID.test(taskId)) return initialTask();
  return fold({ initialState: initialTask, evolve: evolveTask }, (await store.readStream(taskStream(taskId))) as unknown as TaskEvent[]);
}
