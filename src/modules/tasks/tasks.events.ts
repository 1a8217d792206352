import type { TaskType } from '../../contract/tasks';

/**
 * Tasks on leads (issue 15), one stream per task, `task-{taskId}`: what to do (title, type), by
 * when (an instant; the assignee's zone decides which day that is), on which lead, by whom. The
 * office is the lead's when the task was made, for the broker's office-wide list.
 */
export type TaskCreated = {
  readonly type: 'TaskCreated';
  readonly data: {
    readonly taskId: string;
    readonly leadId: string;
    readonly siteId: string;
    readonly officeId: string | null;
    readonly title: string;
    readonly taskType: TaskType;
    readonly dueAt: string;
    readonly assigneeId: string;
    readonly byUserId: string;
  };
};
export type TaskCompleted = { readonly type: 'TaskCompleted'; readonly data: { readonly taskId: string; readonly leadId: string; readonly byUserId: string } };
export type TaskReopened = { readonly type: 'TaskReopened'; readonly data: { readonly taskId: string; readonly leadId: string; readonly byUserId: string } };
/** A new due time (a snooze, or a date changed): the old time's reminder is void, the new one is due. */
export type TaskRescheduled = {
  readonly type: 'TaskRescheduled';
  readonly data: { readonly taskId: string; readonly leadId: string; readonly dueAt: string; readonly fromDueAt: string; readonly byUserId: string };
};
/** The broker (or staff) gave the task to another agent of the office. */
export type TaskReassigned = {
  readonly type: 'TaskReassigned';
  readonly data: { readonly taskId: string; readonly leadId: string; readonly assigneeId: string; readonly fromAssigneeId: string; readonly byUserId: string };
};
export type TaskRetitled = {
  readonly type: 'TaskRetitled';
  readonly data: { readonly taskId: string; readonly leadId: string; readonly title: string; readonly byUserId: string };
};

export type TaskEvent = TaskCreated | TaskCompleted | TaskReopened | TaskRescheduled | TaskReassigned | TaskRetitled;
export const taskEventTypes = [
  'TaskCreated',
  'TaskCompleted',
  'TaskReopened',
  'TaskRescheduled',
  'TaskReassigned',
  'TaskRetitled',
] as const satisfies readonly TaskEvent['type'][];
export const taskStream = (taskId: string) => `task-${taskId}`;

/**
 * The zone an agent works in (an IANA name), on `agentzone-{userId}`: "today" in their task
 * lists, the morning digest at their 8 am. Set from the browser on the first dashboard visit,
 * changed in the dashboard's settings.
 */
export type AgentTimeZoneSet = {
  readonly type: 'AgentTimeZoneSet';
  readonly data: { readonly userId: string; readonly timeZone: string; readonly how: 'browser' | 'settings' };
};
export type AgentZoneEvent = AgentTimeZoneSet;
export const agentZoneEventTypes = ['AgentTimeZoneSet'] as const satisfies readonly AgentZoneEvent['type'][];
export const agentZoneStream = (userId: string) => `agentzone-${userId}`;
