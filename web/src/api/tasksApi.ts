import { request } from './http';
import { DEFAULT_TIME_ZONE, type NoteView, type TaskDue, type TaskType, type TaskView } from '../../../src/contract/tasks';

export type { NoteView, TaskDue, TaskType, TaskView };
export type TaskChange = { readonly done?: boolean; readonly dueAt?: string; readonly assigneeId?: string; readonly title?: string };

const lead = (leadId: string) => `/api/dashboard/leads/${encodeURIComponent(leadId)}`;

/** Notes, tasks and the agent's time zone (contract section 5a). */
export const tasksApi = {
  addNote: (leadId: string, text: string) => request<{ noteId: string }>('POST', `${lead(leadId)}/notes`, { text }),
  editNote: (leadId: string, noteId: string, text: string) => request<{ isSuccess: boolean }>('PATCH', `${lead(leadId)}/notes/${encodeURIComponent(noteId)}`, { text }),
  deleteNote: (leadId: string, noteId: string) => request<{ isSuccess: boolean }>('DELETE', `${lead(leadId)}/notes/${encodeURIComponent(noteId)}`),
  addTask: (leadId: string, task: { title: string; type: TaskType; dueAt: string }) => request<{ taskId: string }>('POST', `${lead(leadId)}/tasks`, task),
  changeTask: (taskId: string, change: TaskChange) => request<{ isSuccess: boolean; task: Omit<TaskView, 'leadName'> }>('PATCH', `/api/dashboard/tasks/${encodeURIComponent(taskId)}`, change),
  tasks: (q: { due?: TaskDue; leadId?: string; scope?: 'mine' | 'office' }) => {
    const p = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return request<{ tasks: readonly TaskView[] }>('GET', `/api/dashboard/tasks?${p.toString()}`);
  },
  timeZone: () => request<{ timeZone: string; chosen: boolean }>('GET', '/api/dashboard/me/timezone'),
  setTimeZone: (timeZone: string, how: 'browser' | 'settings') => request<{ isSuccess: boolean; timeZone: string }>('PUT', '/api/dashboard/me/timezone', { timeZone, how }),
};

let zone: Promise<string> | undefined;

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
    .catch(() => DEFAULT_TIME_ZONE);
  return zone;
}

/** After the settings changed it. */
export function rememberZone(timeZone: string): void {
  zone = Promise.resolve(timeZone);
}
