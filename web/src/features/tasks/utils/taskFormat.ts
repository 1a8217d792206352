import { localDate, type TaskDue } from '../../../../../src/contract/tasks';

const DAY = 24 * 3600_000;

/** 'Today, 3:00 PM', 'Tomorrow, 9:00 AM', 'Yesterday, …' or 'Mon, Mar 4, 10:00 AM', on the agent's clock. */
export function dueLabel(iso: string, zone: string, now: number): string {
  const due = new Date(iso);
  const time = due.toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  const day = localDate(due, zone);
  const near: Record<string, string> = {
    [localDate(new Date(now), zone)]: 'Today',
    [localDate(new Date(now + DAY), zone)]: 'Tomorrow',
    [localDate(new Date(now - DAY), zone)]: 'Yesterday',
  };
  return `${near[day] ?? due.toLocaleDateString('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' })}, ${time}`;
}

/** Which list an open task belongs in, by the viewer's day (the server's lists use each assignee's). */
export function bucketOf(iso: string, zone: string, now: number): TaskDue {
  const t = Date.parse(iso);
  if (t < now) return 'overdue';
  return localDate(new Date(t), zone) === localDate(new Date(now), zone) ? 'today' : 'upcoming';
}
