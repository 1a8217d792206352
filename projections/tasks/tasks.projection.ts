import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import type { LeadCaptured, LeadContactEdited } from '../../src/modules/leads/leads.events';
import { type AgentZoneEvent, agentZoneEventTypes, type TaskEvent, taskEventTypes } from '../../src/modules/tasks/tasks.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';
import { erasedRows, hasLeadRow, MergedLeads } from '../lead-rows';
import { ERASED, ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';

type Handled = TaskEvent | AgentZoneEvent | LeadCaptured | LeadContactEdited | AccountsMerged | AccountsUnmerged | PersonErased;

/** A merge (issue 18) moves the duplicate's tasks, and those made for it later, under the survivor. */
const merges = new MergedLeads('task_merges', ['tasks']);

/**
 * Tasks for the dashboard's lists (overdue, today, upcoming; mine, the office's, one lead's), the
 * reminders that fall due and the morning digest: each task as it is now, the name of its lead
 * (for the list), and each agent's zone (which day "today" is). `due_set_at`: when the current
 * due time was set, so that a task made or moved to a time already past sends no reminder.
 */
export const tasksProjection: Projection = {
  name: 'tasks',
  // 2: account merges fold the duplicate's tasks into the survivor's (issue 18).
  // 3: an erased person's rows moved under a survivor by a merge, and the merge's name of them, go too (issue 18).
  version: 3,
  eventTypes: handledTypes<Handled>()([
    ...taskEventTypes,
    ...agentZoneEventTypes,
    'LeadCaptured',
    'LeadContactEdited',
    'AccountsMerged',
    'AccountsUnmerged',
    'PersonErased',
  ]),
  tables: ['tasks', 'task_leads', 'task_agent_zones', 'task_merges'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('tasks')} (
      task_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      office_id uuid,
      title text NOT NULL,
      type text NOT NULL,
      due_at timestamptz NOT NULL,
      due_set_at timestamptz NOT NULL,
      done boolean NOT NULL DEFAULT false,
      assignee_id uuid NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('tasks')} (assignee_id, done, due_at)`);
    await tx.query(`CREATE INDEX ON ${t('tasks')} (office_id, done, due_at)`);
    await tx.query(`CREATE INDEX ON ${t('tasks')} (lead_id, due_at)`);
    await tx.query(`CREATE INDEX ON ${t('tasks')} (due_at) WHERE NOT done`);
    await tx.query(`CREATE TABLE ${t('task_leads')} (lead_id uuid PRIMARY KEY, full_name text NOT NULL)`);
    await tx.query(`CREATE TABLE ${t('task_agent_zones')} (user_id uuid PRIMARY KEY, time_zone text NOT NULL)`);
    await merges.create(tx, t);
  },
  async apply(events, ctx) {
    const { tx, table, push } = ctx;
    const tasks = table('tasks');
    /** The calendars showing a task (its assignee's, its office's, staff's) hear that it changed. */
    const changed = async (taskId: string, at: string, before: string | null = null) => {
      const { rows } = await tx.query<{ assignee_id: string; office_id: string | null }>(`SELECT assignee_id, office_id FROM ${tasks} WHERE task_id = $1`, [
        taskId,
      ]);
      const to = [
        ...new Set([...rows.flatMap((r) => [r.assignee_id, r.office_id]), before].filter((id): id is string => !!id).map((id) => `user:${id}`)),
        'staff',
      ];
      push({ to, name: 'calendar.changed', payload: { kind: 'task', id: taskId, at } });
    };
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'TaskCreated': {
          const d = e.data;
          const to = await merges.target(ctx, d.leadId);
          ctx.write(
            `INSERT INTO ${tasks} (task_id, lead_id, office_id, title, type, due_at, due_set_at, assignee_id, created_at, merged_from)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $9) ON CONFLICT (task_id) DO NOTHING`,
            [d.taskId, to.leadId, d.officeId, d.title, d.taskType, d.dueAt, at, d.assigneeId, to.mergedFrom],
          );
          await changed(d.taskId, at);
          break;
        }
        case 'TaskCompleted':
        case 'TaskReopened':
          ctx.write(`UPDATE ${tasks} SET done = $2 WHERE task_id = $1`, [e.data.taskId, e.type === 'TaskCompleted']);
          await changed(e.data.taskId, at);
          break;
        case 'TaskRescheduled':
          ctx.write(`UPDATE ${tasks} SET due_at = $2, due_set_at = $3 WHERE task_id = $1`, [e.data.taskId, e.data.dueAt, at]);
          await changed(e.data.taskId, at);
          break;
        case 'TaskReassigned': {
          const { rows } = await tx.query<{ assignee_id: string }>(`SELECT assignee_id FROM ${tasks} WHERE task_id = $1`, [e.data.taskId]);
          ctx.write(`UPDATE ${tasks} SET assignee_id = $2 WHERE task_id = $1`, [e.data.taskId, e.data.assigneeId]);
          await changed(e.data.taskId, at, rows[0]?.assignee_id ?? null);
          break;
        }
        case 'TaskRetitled':
          ctx.write(`UPDATE ${tasks} SET title = $2 WHERE task_id = $1`, [e.data.taskId, e.data.title]);
          await changed(e.data.taskId, at);
          break;
        case 'AgentTimeZoneSet':
          ctx.write(
            `INSERT INTO ${table('task_agent_zones')} (user_id, time_zone) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone`,
            [e.data.userId, e.data.timeZone],
          );
          break;
        case 'LeadCaptured':
        case 'LeadContactEdited':
          ctx.write(
            `INSERT INTO ${table('task_leads')} (lead_id, full_name) VALUES ($1, $2) ON CONFLICT (lead_id) DO UPDATE SET full_name = excluded.full_name`,
            [e.data.leadId, e.data.fullName],
          );
          break;
        case 'AccountsMerged':
        case 'AccountsUnmerged':
          await merges.apply(ctx, e, hasLeadRow(tx, table('task_leads')));
          break;
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          ctx.write(`UPDATE ${table('task_leads')} SET full_name = $2 WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds, ERASED_NAME]);
          // A task's title may name the person (sealed under the lead's key); moved under a survivor too.
          ctx.write(`UPDATE ${table('tasks')} SET title = $2 WHERE ${erasedRows(1)}`, [e.data.leadIds, ERASED]);
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
