import { useState } from 'react';
import { MergedFrom } from '../../leads';
import { ApiError } from '../../../api/http';
import { snoozeTo, TASK_TYPE_LABEL } from '../../../../../src/contract/tasks';
import type { Agent, Role } from '../../../api/dashboardApi';
import { type TaskChange, tasksApi, type TaskView } from '../../../api/tasksApi';
import { dueLabel } from '../utils/taskFormat';
import styles from '../../../ui/Tasks.module.css';

type Props = {
  readonly task: TaskView;
  readonly zone: string;
  readonly now: number;
  readonly role: Role;
  readonly agents: readonly Agent[];
  /** In the Tasks view: the lead's name opens it. On the lead's page: left out. */
  readonly onOpenLead?: (leadId: string) => void;
  readonly showAssignee?: boolean;
  readonly onChanged: (task: TaskView) => void;
};

const SNOOZE = { hour: 'In 1 hour', tomorrow: 'Tomorrow 9 am', week: 'Next week' } as const;

/** One task: a big check box completes (or reopens) it with one tap; snooze and (broker) reassign menus. */
export function TaskRow({ task, zone, now, role, agents, onOpenLead, showAssignee, onChanged }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The box shows the tap at once; the server's answer confirms it (or the box goes back, with the reason). */
  const [doneNow, setDoneNow] = useState<boolean | null>(null);
  const change = (c: TaskChange) => {
    setBusy(true);
    setError(null);
    if (c.done !== undefined) setDoneNow(c.done);
    tasksApi
      .changeTask(task.taskId, c)
      .then((r) => onChanged({ ...task, ...r.task }))
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'Could not change the task'))
      .finally(() => {
        setBusy(false);
        setDoneNow(null);
      });
  };
  const done = doneNow ?? task.done;
  const overdue = !task.done && Date.parse(task.dueAt) < now;
  const assignee = agents.find((a) => a.userId === task.assigneeId);
  const checkId = `task-done-${task.taskId}`;
  return (
    <li className={styles.task} data-done={done} data-overdue={overdue}>
      <input id={checkId} type="checkbox" className={styles.check} checked={done} disabled={busy} onChange={(e) => change({ done: e.target.checked })} />
      <div className={styles.taskBody}>
        <label htmlFor={checkId} className={styles.taskTitle}>
          <span className="visually-hidden">{done ? 'Done: ' : 'Complete: '}</span>
          {task.title}
        </label>
        <p className={styles.taskMeta}>
          <span className={styles.type}>{TASK_TYPE_LABEL[task.type]}</span>
          <MergedFrom name={task.mergedFrom} />
          <time dateTime={task.dueAt}>{overdue ? `Was due ${dueLabel(task.dueAt, zone, now)}` : dueLabel(task.dueAt, zone, now)}</time>
          {onOpenLead && (
            <button type="button" className={styles.linkButton} onClick={() => onOpenLead(task.leadId)}>
              {task.leadName ?? 'Open lead'}
            </button>
          )}
          {showAssignee && assignee && <span>· {assignee.fullName}</span>}
        </p>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </div>
      {!done && (
        <div className={styles.taskActions}>
          <select
            aria-label={`Snooze “${task.title}”`}
            className={styles.menu}
            value=""
            disabled={busy}
            onChange={(e) => {
              const choice = e.target.value as keyof typeof SNOOZE;
              if (choice) change({ dueAt: snoozeTo(choice, new Date(), zone).toISOString() });
            }}
          >
            <option value="">Snooze…</option>
            {Object.entries(SNOOZE).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
          {role !== 'agent' && agents.length > 0 && (
            <select
              aria-label={`Assign “${task.title}” to`}
              className={styles.menu}
              value={task.assigneeId}
              disabled={busy}
              onChange={(e) => change({ assigneeId: e.target.value })}
            >
              {!assignee && <option value={task.assigneeId}>Assigned</option>}
              {agents.map((a) => (
                <option key={a.userId} value={a.userId}>
                  {a.fullName}
                </option>
              ))}
            </select>
          )}
        </div>
      )}
    </li>
  );
}
