/**
 * The agent's notes and tasks on leads (contract section 5a), shared by the server and the web
 * app: the task types, the shapes the dashboard reads, and the time-zone arithmetic both sides
 * need ("today" is the assignee's day, a date-time typed in the form is the agent's wall clock).
 */

export const TASK_TYPES = ['call', 'text', 'email', 'showing', 'follow-up', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_TYPE_LABEL: Record<TaskType, string> = { call: 'Call', text: 'Text', email: 'E-mail', showing: 'Showing', 'follow-up': 'Follow-up', other: 'Other' };

export const TASK_DUE = ['overdue', 'today', 'upcoming'] as const;
export type TaskDue = (typeof TASK_DUE)[number];

/** Plain text, trimmed: at least one character, at most this many. */
export const NOTE_MAX = 5000;
export const TASK_TITLE_MAX = 200;

/** An agent who never chose a zone (and whose browser never told us one). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
/** The morning digest goes at this local hour. */
export const DIGEST_HOUR = 8;

export type TaskView = {
  readonly taskId: string;
  readonly leadId: string;
  readonly title: string;
  readonly type: TaskType;
  readonly dueAt: string;
  readonly done: boolean;
  readonly assigneeId: string;
  readonly leadName: string | null;
  /** The name of the lead merged into this task's lead that the task came from (issue 18); absent for the lead's own. */
  readonly mergedFrom?: string;
};

export type NoteView = {
  readonly noteId: string;
  readonly text: string;
  readonly authorId: string;
  readonly authorName: string;
  readonly at: string;
  readonly editedAt: string | null;
  /** The name of the lead merged into this one that the note came from (issue 18); absent for the lead's own. */
  readonly mergedFrom?: string;
};

/** True for an IANA zone name this runtime knows (the canonical spelling is `canonicalTimeZone`). */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

type Wall = { readonly year: number; readonly month: number; readonly day: number; readonly hour: number; readonly minute: number };

/** The wall clock in `zone` at `instant`. */
export function wallClock(instant: Date, zone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute') };
}

/** 'YYYY-MM-DD' of `instant` in `zone`. */
export function localDate(instant: Date, zone: string): string {
  const w = wallClock(instant, zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The instant a wall-clock time in `zone` names ('2030-03-05T09:00'). In a spring-forward gap it
 * lands after the gap; in a fall-back overlap, on the first of the two.
 */
export function zonedTimeToInstant(wall: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  // Two passes of "how far is the zone from UTC here" settle on the right offset around a change.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), zone);
    guess -= Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - asUtc;
  }
  return new Date(guess);
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
