import { TASK_TYPE_LABEL, type TaskView } from '../../../contract/tasks';
import { html, joinHtml } from '../../../shared/html';
import type { MailMessage } from '../../messaging';

export type TaskDigest = {
  readonly to: string;
  readonly firstName: string;
  /** The agent's local date (YYYY-MM-DD) and zone: times are shown on their clock. */
  readonly localDate: string;
  readonly timeZone: string;
  readonly overdue: readonly TaskView[];
  readonly today: readonly TaskView[];
  readonly baseUrl: string;
};

const time = (iso: string, zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
const dayAndTime = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
const dayTitle = (localDate: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(`${localDate}T12:00:00Z`));
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The morning digest: today's tasks and the overdue ones, on the agent's clock, each with its lead and a link to it. */
export function renderTaskDigest(d: TaskDigest): MailMessage {
  const line = (t: TaskView, when: string) => `${when} · ${TASK_TYPE_LABEL[t.type]} · ${oneLine(t.title)}${t.leadName ? ` (${oneLine(t.leadName)})` : ''}`;
  const link = (t: TaskView) => `${d.baseUrl}/dashboard?lead=${encodeURIComponent(t.leadId)}`;
  const counts = [d.today.length ? `${d.today.length} today` : '', d.overdue.length ? `${d.overdue.length} overdue` : ''].filter(Boolean).join(', ');
  const sections = [
    { title: 'Overdue', items: d.overdue.map((t) => ({ t, text: line(t, dayAndTime(t.dueAt, d.timeZone)) })) },
    { title: 'Today', items: d.today.map((t) => ({ t, text: line(t, time(t.dueAt, d.timeZone)) })) },
  ].filter((s) => s.items.length > 0);
  const tasksUrl = `${d.baseUrl}/dashboard?view=tasks`;
  const text = [
    `Good morning${d.firstName ? `, ${oneLine(d.firstName)}` : ''}.`,
    '',
    ...sections.flatMap((s) => [`${s.title}:`, ...s.items.flatMap((i) => [`- ${i.text}`, `  ${link(i.t)}`]), '']),
    `All your tasks: ${tasksUrl}`,
    '',
    `Times are in ${d.timeZone}; change your time zone in the dashboard's settings.`,
  ].join('\n');
  const page = html`<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827;margin:0;padding:16px;background:#f9fafb">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;padding:16px;border-radius:8px">
<tr><td style="font-size:18px;font-weight:700;padding-bottom:8px;border-bottom:3px solid #f59e0b">Your tasks for ${dayTitle(d.localDate)}</td></tr>
${joinHtml(
  sections.map(
    (s) =>
      html`<tr><td style="padding-top:12px"><h2 style="font-size:16px;margin:0 0 4px">${s.title}</h2><ul style="margin:0;padding-left:20px">${s.items.map(
        (i) => html`<li style="margin:4px 0"><a href="${link(i.t)}" style="color:#1d4ed8">${i.text}</a></li>`,
      )}</ul></td></tr>`,
  ),
  '\n',
)}
<tr><td style="padding-top:16px"><a href="${tasksUrl}" style="color:#1d4ed8">All your tasks</a></td></tr>
<tr><td style="padding-top:16px;font-size:12px;color:#6b7280">Times are in ${d.timeZone}; change your time zone in the dashboard's settings.</td></tr>
</table></body></html>`.text;
  return { to: d.to, subject: `Your tasks for ${dayTitle(d.localDate)}: ${counts}`, text, html: page };
}
