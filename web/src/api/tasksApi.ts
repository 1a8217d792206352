import type { BodyInput } from '../../../src/contract/route';
import { contract } from '../../../src/contract/routes';
import { DEFAULT_TIME_ZONE, type NoteView, type TaskDue, type TaskType, type TaskView } from '../../../src/contract/tasks';
import { api } from './contract-client';

export type { NoteView, TaskDue, TaskType, TaskView };
export type TaskChange = BodyInput<typeof contract.tasks.change>;

const { tasks } = contract;

/** Notes, tasks and the agent's time zone (contract section 5a). */
export const tasksApi = {
  addNote: (leadId: string, text: string) => api(tasks.writeNote, { params: { leadId }, body: { text } }),
  editNote: (leadId: string, noteId: string, text: string) => api(tasks.editNote, { params: { leadId, noteId }, body: { text } }),
  deleteNote: (leadId: string, noteId: string) => api(tasks.deleteNote, { params: { leadId, noteId } }),
  addTask: (leadId: string, task: BodyInput<typeof tasks.create>) => api(tasks.create, { params: { leadId }, body: task }),
  changeTask: (taskId: string, change: TaskChange) => api(tasks.change, { params: { taskId }, body: change }),
  /** The open tasks in their three lists (the Tasks view's first screen). */
  due: (scope: 'mine' | 'office') => api(tasks.due, { query: { scope } }),
  tasks: (query: { due?: TaskDue; leadId?: string; scope?: 'mine' | 'office' }) => api(tasks.list, { query }),
  timeZone: () => api(tasks.timeZone),
  setTimeZone: (timeZone: string, how: 'browser' | 'settings') => api(tasks.setTimeZone, { body: { timeZone, how } }),
};

let zone: Promise<string> | undefined;
let known: string | undefined;

/** The viewer's zone once this page load has it (views opened later start on it, not the default). */
export const knownZone = (): string | undefined => known;

/**
 * The viewer's zone, asked once per page load. On the first dashboard visit of someone who never
 * set one, the browser's zone is offered (the server keeps a zone already set).
 */
export function agentZone(): Promise<string> {
  zone ??= tasksApi
    .timeZone()
    .then(async (z) => {
      if (z.chosen) return z.timeZone;
      const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
      return browser ? (await tasksApi.setTimeZone(browser, 'browser')).timeZone : z.timeZone;
    })
    .catch(() => DEFAULT_TIME_ZONE)
    .then((z) => (known = z));
  return zone;
}

/** After the settings changed it. */
export function rememberZone(timeZone: string): void {
  known = timeZone;
  zone = Promise.resolve(timeZone);
}
