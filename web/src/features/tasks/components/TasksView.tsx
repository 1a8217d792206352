import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { Agent, Role } from '../../../api/dashboardApi';
import { type Scope, ScopeSwitch } from './ScopeSwitch';
import { TaskRow } from './TaskRow';
import { tasksApi, type TaskDue, type TaskView } from '../../../api/tasksApi';
import { bucketOf } from '../utils/taskFormat';
import styles from '../../../ui/Tasks.module.css';
import { TimeZoneSetting } from './TimeZoneSetting';
import { useAgentZone } from '../hooks/useAgentZone';

const SECTIONS: readonly { due: TaskDue; title: string; empty: string }[] = [
  { due: 'overdue', title: 'Overdue', empty: 'Nothing overdue.' },
  { due: 'today', title: 'Today', empty: 'Nothing due today.' },
  { due: 'upcoming', title: 'Upcoming', empty: "Nothing upcoming. Add tasks from a lead's page." },
];
type Lists = Readonly<Record<TaskDue, readonly TaskView[]>>;

/**
 * /dashboard?view=tasks: the viewer's open tasks, overdue, today and upcoming (brokers can switch
 * to the whole office). One tap completes a task (it stays, struck through, until the next load,
 * so a slip can be undone); snooze and reassign menus on each.
 */
export function TasksView({ role, agents, now, onOpenLead }: { role: Role; agents: readonly Agent[]; now: number; onOpenLead: (leadId: string) => void }) {
  const [zone, setZone] = useAgentZone();
  const [scope, setScope] = useState<Scope>('mine');
  const [lists, setLists] = useState<Lists | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    tasksApi
      .due(scope)
      .then(setLists)
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'Could not load the tasks'));
  }, [scope]);
  useEffect(load, [load]);

  /** A changed task: done ones stay where they are; a snoozed one moves to its new list. */
  const changed = (t: TaskView) =>
    setLists((ls) => {
      if (!ls) return ls;
      const without = (xs: readonly TaskView[]) => xs.filter((x) => x.taskId !== t.taskId);
      const home = t.done
        ? ((Object.keys(ls) as TaskDue[]).find((k) => ls[k].some((x) => x.taskId === t.taskId)) ?? 'today')
        : bucketOf(t.dueAt, zone, Date.now());
      const next = { overdue: without(ls.overdue), today: without(ls.today), upcoming: without(ls.upcoming) };
      const old = [...ls.overdue, ...ls.today, ...ls.upcoming].find((x) => x.taskId === t.taskId);
      return { ...next, [home]: [...next[home], { ...old, ...t }].sort((a, b) => a.dueAt.localeCompare(b.dueAt)) };
    });

  return (
    <section className={styles.view} aria-labelledby="tasks-title">
      <header className={styles.viewHead}>
        <h1 id="tasks-title">Tasks</h1>
        <ScopeSwitch role={role} scope={scope} onScope={setScope} name="task-scope" legend="Whose tasks" />
      </header>
      <TimeZoneSetting
        zone={zone}
        onSaved={(z) => {
          setZone(z);
          load();
        }}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {!lists && !error && <p className={styles.hint}>Loading…</p>}
      {lists &&
        SECTIONS.map((s) => (
          <section key={s.due} aria-labelledby={`tasks-${s.due}`} className={styles.section} data-due={s.due}>
            <h2 id={`tasks-${s.due}`}>
              {s.title} <span className={styles.count}>{lists[s.due].filter((t) => !t.done).length}</span>
            </h2>
            {lists[s.due].length === 0 ? (
              <p className={styles.empty}>{s.empty}</p>
            ) : (
              <ul className={styles.list}>
                {lists[s.due].map((t) => (
                  <TaskRow
                    key={t.taskId}
                    task={t}
                    zone={zone}
                    now={now}
                    role={role}
                    agents={agents}
                    onOpenLead={onOpenLead}
                    showAssignee={scope === 'office'}
                    onChanged={changed}
                  />
                ))}
              </ul>
            )}
          </section>
        ))}
    </section>
  );
}
