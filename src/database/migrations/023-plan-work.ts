import type { Migration } from './migration';

/**
 * Action plans (issue 19 part 1): the process manager's outbox. One row per piece of work the
 * event log asks of it: enrol a lead a trigger matched, pause a lead's enrolments (a reply, an
 * unsubscribe, a claim, a new owner), or do a recorded step's effect (queue the e-mail, send the
 * text, create the task, change the stage or tags). Written by the action_plans projection with
 * its checkpoint, keyed by ids derived from the events (a replay queues nothing twice), taken
 * by the plans context's PlanRunner under row locks. A plain table, not a read model: a rebuild
 * must never empty or refill it (that would act again).
 */
export const PLAN_WORK_MIGRATION = 23;

export const planWork: Migration = {
  id: PLAN_WORK_MIGRATION,
  name: 'plan-work',
  up: `
CREATE TABLE plan_work (
  work_id uuid PRIMARY KEY,
  kind text NOT NULL,
  lead_id uuid NOT NULL,
  payload jsonb NOT NULL,
  queued_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  sent_at timestamptz
);
CREATE INDEX plan_work_pending ON plan_work (attempts, queued_at) WHERE state = 'pending';
CREATE INDEX plan_work_lead ON plan_work (lead_id) WHERE state = 'pending';
`,
};
