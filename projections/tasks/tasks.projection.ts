import type { LeadCaptured, LeadContactEdited } from '../../src/modules/leads/leads.events';
import type { AgentZoneEvent, TaskEvent } from '../../src/modules/tasks/tasks.events';
import { assertNever } from '../../src/shared/errors';
import { handledTypes, type Projection } from '../runner';
import { ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';

type Handled = TaskEvent | AgentZoneEvent | LeadCaptured | LeadContactEdited | PersonErased;

/**
 * Tasks for the dashboard's lists (overdue, today, upcoming; mine, the office's, one lead's), the
 * reminders that fall due and the morning digest: each task as it is now, the name of its lead
 * (for the list), and each agent's zone (which day "today" is). `due_set_at`: when the current
 * due time was set, so that a task made or moved to a time already past sends no reminder.
 */
export const tasksProjection: Projection = {
  name: 'tasks',
  version: 1,
  eventTypes: handledTypes<Handled>()([
    'TaskCreated',
    'TaskCompleted',
    'TaskReopened',
    'TaskRescheduled',
    'TaskReassigned',
    'TaskRetitled',
    'AgentTimeZoneSet',
    'LeadCaptured',
    'LeadContactEdited',
    'PersonErased',
  ]),
  tables: ['tasks', 'task_leads', 'task_agent_zones'],
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
  },
  async apply(events, { tx, table }) {
    const tasks = table('tasks');
    for (const stored of events) {
      const e = stored as unknown as Handled & typeof stored;
      const at = e.metadata.at;
      switch (e.type) {
        case 'TaskCreated': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${tasks} (task_id, lead_id, office_id, title, type, due_at, due_set_at, assignee_id, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7) ON CONFLICT (task_id) DO NOTHING`,
            [d.taskId, d.leadId, d.officeId, d.title, d.taskType, d.dueAt, at, d.assigneeId],
          );
          break;
        }
        case 'TaskCompleted':
        case 'TaskReopened':
          await tx.query(`UPDATE ${tasks} SET done = $2 WHERE task_id = $1`, [e.data.taskId, e.type === 'TaskCompleted']);
          break;
        case 'TaskRescheduled':
          await tx.query(`UPDATE ${tasks} SET due_at = $2, due_set_at = $3 WHERE task_id = $1`, [e.data.taskId, e.data.dueAt, at]);
          break;
        case 'TaskReassigned':
          await tx.query(`UPDATE ${tasks} SET assignee_id = $2 WHERE task_id = $1`, [e.data.taskId, e.data.assigneeId]);
          break;
        case 'TaskRetitled':
          await tx.query(`UPDATE ${tasks} SET title = $2 WHERE task_id = $1`, [e.data.taskId, e.data.title]);
          break;
        case 'AgentTimeZoneSet':
          await tx.query(
            `INSERT INTO ${table('task_agent_zones')} (user_id, time_zone) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone`,
            [e.data.userId, e.data.timeZone],
          );
          break;
        case 'LeadCaptured':
        case 'LeadContactEdited':
          await tx.query(
            `INSERT INTO ${table('task_leads')} (lead_id, full_name) VALUES ($1, $2) ON CONFLICT (lead_id) DO UPDATE SET full_name = excluded.full_name`,
            [e.data.leadId, e.data.fullName],
          );
          break;
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          await tx.query(`UPDATE ${table('task_leads')} SET full_name = $2 WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds, ERASED_NAME]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
