import { type KeyboardEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { Subscribe } from '../../conversation';
import { useDebounced } from '../../../lib/useUrlFilters';
import { ApiError } from '../../../api/http';
import { navigate, useLocation } from '../../../app/location';
import { TASK_TYPE_LABEL, zonedTimeToInstant } from '../../../../../src/contract/tasks';
import styles from './CalendarView.module.css';
import common from '../../../ui/Tasks.module.css';
import type { Role } from '../../../api/dashboardApi';
import { addDays, clockTime, dateIn, dayTitle, isDate, mondayOf, STATUS_LABEL, today } from '../utils/showingFormat';
import { type Scope, ScopeSwitch } from './ScopeSwitch';
import { type Calendar, showingsApi, type ShowingView } from '../api/showingsApi';
import type { TaskView } from '../../../api/tasksApi';
import { useAgentZone } from '../hooks/useAgentZone';

type Mode = 'week' | 'day';
type Item =
  { readonly kind: 'showing'; readonly at: string; readonly showing: ShowingView } | { readonly kind: 'task'; readonly at: string; readonly task: TaskView };

/** Arrow keys and T move the calendar, except while typing or choosing in a field. */
const typing = (t: EventTarget) => t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;

/**
 * /dashboard?view=calendar (`mode=week|day`, `date=YYYY-MM-DD`): the viewer's showings and due
 * tasks, a week (Monday first) or a day at a time, on the agent's clock. Previous, Today and Next
 * (and the arrow keys, T for today) move it; on a phone the week is a list of days. A requested
 * showing can be confirmed from here; everything opens its lead.
 */
export function CalendarView({
  role,
  onOpenLead,
  subscribe,
}: {
  readonly role: Role;
  readonly onOpenLead: (leadId: string) => void;
  readonly subscribe: Subscribe;
}) {
  const [zone, , zoneKnown] = useAgentZone();
  const params = new URLSearchParams(useLocation().search);
  const mode: Mode = params.get('mode') === 'day' ? 'day' : 'week';
  const date = isDate(params.get('date')) ? params.get('date')! : today(zone);
  const first = mode === 'week' ? mondayOf(date) : date;
  const days = useMemo(() => Array.from({ length: mode === 'week' ? 7 : 1 }, (_, i) => addDays(first, i)), [first, mode]);
  const [scope, setScope] = useState<Scope>('mine');
  const [calendar, setCalendar] = useState<Calendar | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  const load = useCallback(() => {
    const from = zonedTimeToInstant(`${days[0]}T00:00`, zone);
    const to = zonedTimeToInstant(`${addDays(days.at(-1)!, 1)}T00:00`, zone);
    if (!from || !to || !zoneKnown) return;
    setError(null);
    showingsApi.calendar(from, to, scope).then(setCalendar, (err: unknown) => setError(err instanceof ApiError ? err.message : 'Could not load the calendar'));
  }, [days, zone, zoneKnown, scope]);
  useEffect(load, [load]);
  // A showing or task changed anywhere (another tab, the lead's answer, a colleague): the range shown is read again, once for a burst.
  const reloadSoon = useDebounced(load, 300);
  useEffect(() => subscribe((p) => p.name === 'calendar.changed' && reloadSoon()), [subscribe, reloadSoon]);

  const go = (m: Mode, d: string) => navigate(`/dashboard?view=calendar&mode=${m}&date=${d}`, { replace: true });
  const step = (dir: -1 | 1) => go(mode, addDays(first, dir * days.length));
  const onKey = (e: KeyboardEvent) => {
    if (typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === 'ArrowRight') step(1);
    else if (e.key === 't' || e.key === 'T') go(mode, today(zone));
    else return;
    e.preventDefault();
  };
  const confirm = (s: ShowingView) =>
    showingsApi.change(s.showingId, { status: 'confirmed' }).then(
      (r) => {
        setSaid(`Confirmed: ${s.address}. The lead is sent the invitation.`);
        setCalendar((c) => c && { ...c, showings: c.showings.map((x) => (x.showingId === s.showingId ? { ...x, ...r.showing } : x)) });
      },
      (err: unknown) => setSaid(err instanceof ApiError ? err.message : 'Could not confirm the showing'),
    );

  const byDay = useMemo(() => {
    const items = new Map<string, Item[]>(days.map((d) => [d, []]));
    for (const s of calendar?.showings ?? []) items.get(dateIn(s.start, zone))?.push({ kind: 'showing', at: s.start, showing: s });
    for (const t of calendar?.tasks ?? []) items.get(dateIn(t.dueAt, zone))?.push({ kind: 'task', at: t.dueAt, task: t });
    for (const list of items.values()) list.sort((a, b) => a.at.localeCompare(b.at));
    return items;
  }, [calendar, days, zone]);
  const empty = calendar !== null && calendar.showings.length === 0 && calendar.tasks.length === 0;
  const todayDate = today(zone);
  const span = mode === 'week' ? `Week of ${dayTitle(days[0]!)} – ${dayTitle(days.at(-1)!)}` : dayTitle(date);
  const unit = mode === 'week' ? 'week' : 'day';

  return (
    <section className={styles.view} aria-labelledby="calendar-title" onKeyDown={onKey}>
      <header className={common.viewHead}>
        <h1 id="calendar-title">Calendar</h1>
        <div className={styles.controls}>
          <div className={styles.nav} role="group" aria-label={`Move by ${unit}`}>
            <button type="button" className="btn" onClick={() => step(-1)} aria-keyshortcuts="ArrowLeft">
              <span aria-hidden="true">‹</span> Previous {unit}
            </button>
            <button type="button" className="btn" onClick={() => go(mode, todayDate)} aria-keyshortcuts="T">
              Today
            </button>
            <button type="button" className="btn" onClick={() => step(1)} aria-keyshortcuts="ArrowRight">
              Next {unit} <span aria-hidden="true">›</span>
            </button>
          </div>
          <fieldset className={common.scope}>
            <legend className="visually-hidden">Show</legend>
            {(['week', 'day'] as const).map((m) => (
              <label key={m} className={common.scopeOption}>
                <input
                  type="radio"
                  name="calendar-mode"
                  value={m}
                  checked={mode === m}
                  onChange={() => go(m, m === 'day' ? (days.includes(todayDate) ? todayDate : first) : date)}
                />
                {m === 'week' ? 'Week' : 'Day'}
              </label>
            ))}
          </fieldset>
          <ScopeSwitch role={role} scope={scope} onScope={setScope} name="calendar-scope" legend="Whose calendar" />
        </div>
      </header>
      <p className={styles.span} aria-live="polite">
        <strong>{span}</strong> <span className={styles.zone}>· times in {zone} · ← → move, T today</span>
      </p>
      {error && (
        <p role="alert" className={common.error}>
          {error}
        </p>
      )}
      <p role="status" className={styles.said}>
        {said}
      </p>
      {!calendar && !error && <p className={styles.zone}>Loading…</p>}
      {empty && (
        <p className={common.empty}>Nothing scheduled this {unit}. Showings your leads request, the ones you propose and tasks with a due time appear here.</p>
      )}
      {calendar && !empty && (
        <div className={mode === 'week' ? styles.week : styles.day}>
          {days.map((d) => (
            <section key={d} className={styles.dayColumn} aria-labelledby={`day-${d}`} data-today={d === todayDate}>
              <h2 id={`day-${d}`} className={styles.dayTitle}>
                {dayTitle(d)}
                {d === todayDate && <span className={styles.todayMark}> · Today</span>}
              </h2>
              {byDay.get(d)!.length === 0 ? (
                <p className={styles.nothing}>Nothing</p>
              ) : (
                <ol className={styles.items}>
                  {byDay.get(d)!.map((item) =>
                    item.kind === 'showing' ? (
                      <ShowingEntry key={item.showing.showingId} showing={item.showing} zone={zone} onOpenLead={onOpenLead} onConfirm={confirm} />
                    ) : (
                      <li key={item.task.taskId} className={styles.item} data-kind="task" data-done={item.task.done}>
                        <span className={styles.time}>{clockTime(item.task.dueAt, zone)}</span>
                        <span className={styles.kind}>
                          {TASK_TYPE_LABEL[item.task.type]} task{item.task.done ? ' · done' : ''}
                        </span>
                        <span className={styles.title}>{item.task.title}</span>
                        <button type="button" className={common.linkButton} onClick={() => onOpenLead(item.task.leadId)}>
                          {item.task.leadName ?? 'Open the lead'}
                        </button>
                      </li>
                    ),
                  )}
                </ol>
              )}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

function ShowingEntry({
  showing: s,
  zone,
  onOpenLead,
  onConfirm,
}: {
  showing: ShowingView;
  zone: string;
  onOpenLead: (leadId: string) => void;
  onConfirm: (s: ShowingView) => void;
}) {
  return (
    <li className={styles.item} data-kind="showing" data-status={s.status}>
      <span className={styles.time}>
        {clockTime(s.start, zone)} – {clockTime(s.end, zone)}
      </span>
      <span className={styles.kind}>Showing · {STATUS_LABEL[s.status]}</span>
      <span className={styles.title}>{s.address}</span>
      <button type="button" className={common.linkButton} onClick={() => onOpenLead(s.leadId)}>
        {s.leadName ?? 'Open the lead'}
      </button>
      {s.status === 'requested' && (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => onConfirm(s)}
          aria-label={`Confirm the showing of ${s.address}${s.leadName ? ` with ${s.leadName}` : ''}`}
        >
          Confirm
        </button>
      )}
    </li>
  );
}
