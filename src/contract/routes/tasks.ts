import { z } from 'zod';
import { instantField, oneOf } from '../fields';
import { routes } from '../route';
import { NOTE_MAX, TASK_DUE, TASK_TITLE_MAX, TASK_TYPES, type TaskType, TaskViewSchema } from '../tasks';

const AGENTS = 'agents, brokers, staff (their scope)';
const TAG = 'Working a lead';

const taskTitle = z
  .string({ error: 'title is required' })
  .trim()
  .max(TASK_TITLE_MAX)
  .refine((t) => t.length > 0, { error: 'title is required' });
const taskType = oneOf<TaskType>(TASK_TYPES, `type must be one of ${TASK_TYPES.join(', ')}`);
const dueAt = instantField('dueAt');
/** Plain text, kept as typed (trimmed at the ends); the dashboard never renders it as HTML. */
const noteText = z
  .string({ error: 'text is required' })
  .trim()
  .max(NOTE_MAX)
  .refine((t) => t.length > 0, { error: 'text is required' });

const LeadParams = z.strictObject({ leadId: z.string() });
const NoteParams = z.strictObject({ leadId: z.string(), noteId: z.string() });
const NoteDone = z.strictObject({ isSuccess: z.literal(true), noteId: z.string() });
/** A task as a command answers it: without the lead's name, which the lists join in. */
const ChangedTask = TaskViewSchema.omit({ leadName: true, mergedFrom: true });

/** Notes and tasks on leads, and the agent's time zone their "today" is counted in (contract section 5a). */
export const tasksRoutes = routes('tasks', {
  list: {
    method: 'GET',
    path: 'api/dashboard/tasks',
    summary: "Overdue, today's or upcoming tasks: mine, the office's, or one lead's",
    tag: TAG,
    access: AGENTS,
    query: z.strictObject({
      due: oneOf(TASK_DUE, `due must be one of ${TASK_DUE.join(', ')}`).optional(),
      leadId: z.uuid({ error: 'leadId is not an id' }).optional(),
      scope: oneOf(['mine', 'office'] as const, 'scope must be mine or office').optional(),
    }),
    responses: { 200: z.strictObject({ tasks: z.array(TaskViewSchema) }) },
  },
  due: {
    method: 'GET',
    path: 'api/dashboard/tasks/due',
    summary: "The open tasks, mine or the office's, in their three lists at once: overdue, today (the assignee's day) and upcoming",
    tag: TAG,
    access: AGENTS,
    query: z.strictObject({ scope: oneOf(['mine', 'office'] as const, 'scope must be mine or office').optional() }),
    responses: { 200: z.strictObject({ overdue: z.array(TaskViewSchema), today: z.array(TaskViewSchema), upcoming: z.array(TaskViewSchema) }) },
  },
  create: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/tasks',
    summary: "A task on a lead, for the lead's agent",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({ title: taskTitle, type: taskType, dueAt }),
    responses: { 201: z.strictObject({ taskId: z.string() }) },
  },
  change: {
    method: 'PATCH',
    path: 'api/dashboard/tasks/:taskId',
    summary: 'Complete, reopen, snooze, rename or (broker) reassign a task',
    tag: TAG,
    access: AGENTS,
    params: z.strictObject({ taskId: z.string() }),
    body: z.strictObject({
      done: z.boolean({ error: 'done must be true or false' }).optional(),
      dueAt: dueAt.optional(),
      assigneeId: z.uuid({ error: 'assigneeId is not an id' }).optional(),
      title: taskTitle.optional(),
    }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), task: ChangedTask.nullable() }) },
  },
  timeZone: {
    method: 'GET',
    path: 'api/dashboard/me/timezone',
    summary: "The viewer's time zone (the default until set)",
    tag: TAG,
    access: 'agents, brokers, staff',
    responses: { 200: z.strictObject({ timeZone: z.string(), chosen: z.boolean() }) },
  },
  setTimeZone: {
    method: 'PUT',
    path: 'api/dashboard/me/timezone',
    summary: "Set the viewer's time zone (an IANA name)",
    tag: TAG,
    access: 'agents, brokers, staff',
    body: z.strictObject({ timeZone: z.string({ error: 'timeZone is required' }).max(64), how: z.enum(['browser', 'settings']).optional() }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), timeZone: z.string() }) },
  },
  writeNote: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/notes',
    summary: 'Write a note on a lead (never shown to the lead)',
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({ text: noteText }),
    responses: { 201: z.strictObject({ noteId: z.string() }) },
  },
  editNote: {
    method: 'PATCH',
    path: 'api/dashboard/leads/:leadId/notes/:noteId',
    summary: 'Rewrite a note (its author)',
    tag: TAG,
    access: AGENTS,
    params: NoteParams,
    body: z.strictObject({ text: noteText }),
    responses: { 200: NoteDone },
  },
  deleteNote: {
    method: 'DELETE',
    path: 'api/dashboard/leads/:leadId/notes/:noteId',
    summary: 'Delete a note (its author, the broker or staff)',
    tag: TAG,
    access: AGENTS,
    params: NoteParams,
    responses: { 200: NoteDone },
  },
});
