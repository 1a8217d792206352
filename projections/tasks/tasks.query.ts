import type pg from 'pg';
import { DEFAULT_TIME_ZONE, DIGEST_HOUR, type TaskDue, type TaskType, type TaskView } from '../../src/contract/tasks';

/** Whose tasks: one assignee's, an office's (its broker's and its leads'), everyone's (staff), or one lead's. */
export type TaskScope =
  | { readonly kind: 'assignee'; readonly userId: string }
  | { readonly kind: 'office'; readonly officeId: string }
  | { readonly kind: 'all' }
  | { readonly kind: 'lead'; readonly leadId: string };

type Row = {
  task_id: string;
  lead_id: string;
  title: string;
  type: TaskType;
  due_at: Date;
  done: boolean;
  assignee_id: string;
  lead_name: string | null;
  merged_name: string | null;
};

/** The assignee's zone, the default for an agent who never set one. */
const ZONE = `coalesce(z.time_zone, '${DEFAULT_TIME_ZONE}')`;
/** The end of the assignee's local day that holds $1 (now). */
const END_OF_TODAY = `((date_trunc('day', $1::timestamptz AT TIME ZONE ${ZONE}) + interval '1 day') AT TIME ZONE ${ZONE})`;

const DUE: Record<TaskDue, string> = {
  overdue: 'NOT t.done AND t.due_at < $1',
  today: `NOT t.done AND t.due_at >= $1 AND t.due_at < ${END_OF_TODAY}`,
  upcoming: `NOT t.done AND t.due_at >= ${END_OF_TODAY}`,
};
const LIMIT = 500;

/**
 * Tasks in a scope: overdue (open and past due), today (open, due before the end of the
 * assignee's day) or upcoming (open, later), soonest first; without `due`, every task, open first.
 * `between`: only those due in [from, to) (the calendar's week or day).
 */
export async function listTasks(
  pool: pg.Pool,
  scope: TaskScope,
  due: TaskDue | undefined,
  now: Date,
  between?: { readonly from: Date; readonly to: Date },
): Promise<TaskView[]> {
  const params: unknown[] = [now];
  const where = [due ? DUE[due] : 'true'];
  if (between) where.push(`t.due_at >= $${params.push(between.from)} AND t.due_at < $${params.push(between.to)}`);
  if (scope.kind !== 'all') {
    params.push(scope.kind === 'assignee' ? scope.userId : scope.kind === 'office' ? scope.officeId : scope.leadId);
    const n = `$${params.length}`;
    where.push(
      scope.kind === 'assignee' ? `t.assignee_id = ${n}` : scope.kind === 'office' ? `(t.office_id = ${n} OR t.assignee_id = ${n})` : `t.lead_id = ${n}`,
    );
  }
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS}
       FROM ${JOINED}
      -- $1 (now) is named even without a due filter, so that its type is known.
      WHERE ${where.join(' AND ')} AND $1::timestamptz IS NOT NULL
      ORDER BY t.done, t.due_at, t.task_id LIMIT ${LIMIT}`,
    params,
  );
  return rows.map(taskView);
}

export type DueTasks = Readonly<Record<TaskDue, TaskView[]>>;

/**
 * The open tasks of a scope in their three lists at once (the Tasks view's first screen in one
 * read): each as `listTasks(scope, due)` would list it, up to LIMIT a list.
 */
export async function dueTasks(pool: pg.Pool, scope: Exclude<TaskScope, { kind: 'lead' }>, now: Date): Promise<DueTasks> {
  const params: unknown[] = [now];
  const who =
    scope.kind === 'all'
      ? 'true'
      : scope.kind === 'assignee'
        ? `t.assignee_id = $${params.push(scope.userId)}`
        : `(t.office_id = $${params.push(scope.officeId)} OR t.assignee_id = $2)`;
  const { rows } = await pool.query<Row & { due: TaskDue }>(
    `SELECT * FROM (
       SELECT ${COLUMNS}, d.due, row_number() OVER (PARTITION BY d.due ORDER BY t.due_at, t.task_id) AS n
         FROM ${JOINED}
        CROSS JOIN LATERAL (SELECT CASE WHEN t.due_at < $1 THEN 'overdue' WHEN t.due_at < ${END_OF_TODAY} THEN 'today' ELSE 'upcoming' END AS due) d
        WHERE NOT t.done AND ${who}) listed
      WHERE n <= ${LIMIT} ORDER BY due_at, task_id`,
    params,
  );
  const lists: Record<TaskDue, TaskView[]> = { overdue: [], today: [], upcoming: [] };
  for (const r of rows) lists[r.due].push(taskView(r));
  return lists;
}

const COLUMNS = 't.task_id, t.lead_id, t.title, t.type, t.due_at, t.done, t.assignee_id, l.full_name AS lead_name, m.merged_name';
const JOINED = `tasks t LEFT JOIN task_leads l ON l.lead_id = t.lead_id LEFT JOIN task_agent_zones z ON z.user_id = t.assignee_id
       LEFT JOIN task_merges m ON m.merged_lead_id = t.merged_from`;

function taskView(r: Row): TaskView {
  return {
    taskId: r.task_id,
    leadId: r.lead_id,
    title: r.title,
    type: r.type,
    dueAt: r.due_at.toISOString(),
    done: r.done,
    assigneeId: r.assignee_id,
    leadName: r.lead_name,
    ...(r.merged_name ? { mergedFrom: r.merged_name } : {}),
  };
}

/** The zone an agent set, or null (never set: the dashboard offers the browser's). */
export async function timeZoneOf(pool: pg.Pool, userId: string): Promise<string | null> {
  const { rows } = await pool.query<{ time_zone: string }>('SELECT time_zone FROM task_agent_zones WHERE user_id = $1', [userId]);
  return rows[0]?.time_zone ?? null;
}

export type DigestCandidate = { readonly agentId: string; readonly timeZone: string; readonly localDate: string };

/**
 * Agents with open tasks for whom it is past DIGEST_HOUR on their local date at `now`, and who
 * have no row for that date in task_digest_outbox yet (sent, skipped or being sent).
 */
export async function digestCandidates(pool: pg.Pool, now: Date): Promise<DigestCandidate[]> {
  const { rows } = await pool.query<{ agent_id: string; time_zone: string; local_date: string }>(
    `SELECT a.assignee_id AS agent_id, ${ZONE} AS time_zone, to_char($1::timestamptz AT TIME ZONE ${ZONE}, 'YYYY-MM-DD') AS local_date
       FROM (SELECT DISTINCT assignee_id FROM tasks WHERE NOT done) a LEFT JOIN task_agent_zones z ON z.user_id = a.assignee_id
      WHERE extract(hour FROM $1::timestamptz AT TIME ZONE ${ZONE}) >= ${DIGEST_HOUR}
        AND NOT EXISTS (SELECT 1 FROM task_digest_outbox d WHERE d.agent_id = a.assignee_id AND d.local_date = ($1::timestamptz AT TIME ZONE ${ZONE})::date)`,
    [now],
  );
  return rows.map((r) => ({ agentId: r.agent_id, timeZone: r.time_zone, localDate: r.local_date }));
}

/** Done and overdue among the tasks due in a period, per assignee (the reports page). */
export type TaskTally = { readonly assigneeId: string; readonly done: number; readonly overdue: number; readonly open: number };

export async function taskTally(pool: pg.Pool, scope: Exclude<TaskScope, { kind: 'lead' }>, from: Date, to: Date, now: Date): Promise<TaskTally[]> {
  const params: unknown[] = [now, from, to];
  let who = 'true';
  if (scope.kind !== 'all') {
    const n = params.push(scope.kind === 'assignee' ? scope.userId : scope.officeId);
    who = scope.kind === 'assignee' ? `t.assignee_id = $${n}` : `(t.office_id = $${n} OR t.assignee_id = $${n})`;
  }
  const { rows } = await pool.query<{ assignee_id: string; done: number; overdue: number; open: number }>(
    `SELECT t.assignee_id, count(*) FILTER (WHERE t.done)::int AS done,
            count(*) FILTER (WHERE NOT t.done AND t.due_at < $1)::int AS overdue,
            count(*) FILTER (WHERE NOT t.done AND t.due_at >= $1)::int AS open
       FROM tasks t WHERE t.due_at >= $2 AND t.due_at < $3 AND ${who} GROUP BY 1`,
    params,
  );
  return rows.map((r) => ({ assigneeId: r.assignee_id, done: r.done, overdue: r.overdue, open: r.open }));
}
