import type { Migration } from './migration';

/**
 * From here on plan_work is filled by the plan runner's own queue projection (`plan_work`), not by
 * the action_plans read model. Each row carries its event's place in the log, and the runner takes
 * it only once the read model has passed it. What needs the state of the moment (a trigger's
 * enrolments, a reply's pauses) is queued as one row for the event and turned by the runner into
 * the enrol and pause rows, with the ids the read model used to give them; a user's unsubscribe
 * has no one lead, hence lead_id may be null. The queue starts where the read model's checkpoint
 * stands when this runs: what it had applied it had queued, and what an instance still running
 * the previous version queues during a rolling restart has the same ids. On a new database there
 * is no such checkpoint and the queue starts at the beginning of the log like any projection.
 */
export const PLAN_WORK_QUEUE_MIGRATION = 55;

export const planWorkQueue: Migration = {
  id: PLAN_WORK_QUEUE_MIGRATION,
  name: 'plan-work-queue',
  up: `
ALTER TABLE plan_work ADD COLUMN tx_id bigint, ADD COLUMN global_position bigint, ALTER COLUMN lead_id DROP NOT NULL;
INSERT INTO projection_checkpoints (name, transaction_id, global_position, version)
  SELECT 'plan_work', transaction_id, global_position, 1 FROM projection_checkpoints WHERE name = 'action_plans'
  ON CONFLICT (name) DO NOTHING;
`,
};
