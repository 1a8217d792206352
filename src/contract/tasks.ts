/**
 * The agent's notes and tasks on leads (contract section 5a), shared by the server and the web
 * app: the task types, the shapes the dashboard reads, and the time-zone arithmetic both sides
 * need ("today" is the assignee's day, a date-time typed in the form is the agent's wall clock).
 */

import { z } from 'zod';
import { instantOfWall, wallClock } from './time-zone';

export const TASK_TYPES = ['call', 'text', 'email', 'showing', 'follow-up', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_TYPE_LABEL: Record<TaskType, string> = {
  call: 'Call',
  text: 'Text',
  email: 'E-mail',
  showing: 'Showing',
  'follow-up': 'Follow-up',
  other: 'Other',
};

export const TASK_DUE = ['overdue', 'today', 'upcoming'] as const;
export type TaskDue = (typeof TASK_DUE)[number];

/** Plain text, trimmed: at least one character, at most this many. */
export const NOTE_MAX = 5000;
export const TASK_TITLE_MAX = 200;

/** An agent who never chose a zone (and whose browser never told us one). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
/** The morning digest goes at this local hour. */
export const DIGEST_HOUR = 8;

/** A task as the dashboard reads it; the digest mail lists the same. */
export const TaskViewSchema = z.strictObject({
  taskId: z.string(),
  leadId: z.string(),
  title: z.string(),
  type: z.enum(TASK_TYPES),
  dueAt: z.string(),
  done: z.boolean(),
  assigneeId: z.string(),
  leadName: z.string().nullable(),
  /** The name of the lead merged into this task's lead that the task came from (issue 18); absent for the lead's own. */
  mergedFrom: z.string().optional(),
});
export type TaskView = Readonly<z.infer<typeof TaskViewSchema>>;

export const NoteViewSchema = z.strictObject({
  noteId: z.string(),
  text: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  at: z.string(),
  editedAt: z.string().nullable(),
  /** The name of the lead merged into this one that the note came from (issue 18); absent for the lead's own. */
  mergedFrom: z.string().optional(),
});
export type NoteView = Readonly<z.infer<typeof NoteViewSchema>>;

/** 'YYYY-MM-DD' of `instant` in `zone`. */
export function localDate(instant: Date, zone: string): string {
  const w = wallClock(instant, zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The instant a wall-clock time in `zone` names ('2030-03-05T09:00'), by the rule of
 * `instantOfWallTime` for times a daylight-saving change skips or repeats.
 */
export function zonedTimeToInstant(wall: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const at = instantOfWall({ year, month, day, hour, minute }, zone);
  return Number.isNaN(at) ? null : new Date(at);
}

/** The 'YYYY-MM-DDTHH:mm' an <input type="datetime-local"> shows for `instant` in `zone`. */
export function instantToZonedInput(instant: Date, zone: string): string {
  const w = wallClock(instant, zone);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}`;
}

/** The snooze menu: in an hour, tomorrow at 9 am, in a week at the same local time. */
export function snoozeTo(choice: 'hour' | 'tomorrow' | 'week', now: Date, zone: string): Date {
  if (choice === 'hour') return new Date(now.getTime() + 3600_000);
  const w = wallClock(now, zone);
  const days = choice === 'tomorrow' ? 1 : 7;
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  const p = (n: number) => String(n).padStart(2, '0');
  const time = choice === 'tomorrow' ? '09:00' : `${p(w.hour)}:${p(w.minute)}`;
  return zonedTimeToInstant(`${day.getUTCFullYear()}-${p(day.getUTCMonth() + 1)}-${p(day.getUTCDate())}T${time}`, zone)!;
}
