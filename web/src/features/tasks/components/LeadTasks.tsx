import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { instantToZonedInput, snoozeTo, TASK_TYPE_LABEL, TASK_TYPES, type TaskType, zonedTimeToInstant } from '../../../../../src/contract/tasks';
import type { Agent, Role } from '../../../api/dashboardApi';
import { TaskRow } from './TaskRow';
import { tasksApi, type TaskView } from '../../../api/tasksApi';
import styles from '../../../ui/Tasks.module.css';
import { useAgentZone } from '../hooks/useAgentZone';
import { type Status, StatusLine } from '../../../ui/StatusLine';

/** The lead's tasks (open first) and a form to add one, its date and time on the agent's clock. */
export function LeadTasks({ leadId, leadName, role, agents, now }: { leadId: string; leadName: string; role: Role; agents: readonly Agent[]; now: number }) {
  const [zone] = useAgentZone();
  const [tasks, setTasks] = useState<readonly TaskView[] | null>(null);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<TaskType>('call');
  const [when, setWhen] = useState('');
  const [message, setMessage] = useState<Status>(null);
  const id = useId();

  useEffect(() => {
    tasksApi.tasks({ leadId }).then(
      (r) => setTasks(r.tasks),
      (err: unknown) => setMessage({ error: true, text: err instanceof ApiError ? err.message : 'Could not load the tasks' }),
    );
  }, [leadId]);
  // Tomorrow at 9 am, on the agent's clock, until they pick.
  useEffect(() => setWhen(instantToZonedInput(snoozeTo('tomorrow', new Date(), zone), zone)), [zone]);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const dueAt = zonedTimeToInstant(when, zone);
    if (!title.trim()) return setMessage({ error: true, text: 'Give the task a title' });
    if (!dueAt) return setMessage({ error: true, text: 'Pick a date and time' });
    tasksApi
      .addTask(leadId, { title: title.trim(), type, dueAt: dueAt.toISOString() })
      .then(async (r) => {
        const added: TaskView = { taskId: r.taskId, leadId, title: title.trim(), type, dueAt: dueAt.toISOString(), done: false, assigneeId: '', leadName };
        setTasks((ts) => [...(ts ?? []), added]);
        setTitle('');
        setMessage({ error: false, text: 'Task added.' });
        // The list as the server has it (with the assignee), keeping the new task if it is not in yet.
        const fresh = await tasksApi.tasks({ leadId });
        setTasks(fresh.tasks.some((t) => t.taskId === r.taskId) ? fresh.tasks : [...fresh.tasks, added]);
      })
      .catch((err: unknown) => setMessage({ error: true, text: err instanceof ApiError ? err.message : 'Could not add the task' }));
  };
  const open = (tasks ?? []).filter((t) => !t.done).sort((a, b) => a.dueAt.localeCompare(b.dueAt));
  const done = (tasks ?? []).filter((t) => t.done);

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h3 id={`${id}-title`}>Tasks</h3>
      <form className={styles.addTask} onSubmit={add}>
        <label htmlFor={`${id}-t`}>New task</label>
        <input id={`${id}-t`} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} placeholder="e.g. Call about the open house" />
        <label htmlFor={`${id}-type`}>Type</label>
        <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as TaskType)}>
          {TASK_TYPES.map((t) => (
            <option key={t} value={t}>
              {TASK_TYPE_LABEL[t]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-when`}>Due ({zone})</label>
        <input id={`${id}-when`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} required />
        <button type="submit" className="btn btn-primary">
          Add task
        </button>
      </form>
      <StatusLine status={message} />
      {tasks && tasks.length === 0 && <p className={styles.empty}>No tasks for this lead yet.</p>}
      {tasks && tasks.length > 0 && (
        <ul className={styles.list}>
          {[...open, ...done].map((t) => (
            <TaskRow
              key={t.taskId}
              task={t}
              zone={zone}
              now={now}
              role={role}
              agents={agents}
              onChanged={(c) => setTasks((ts) => (ts ?? []).map((x) => (x.taskId === c.taskId ? c : x)))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
