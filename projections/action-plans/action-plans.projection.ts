import type { PropertyAlertOpened } from '../../src/modules/alerts/alerts.events';
import type { LeadAssigned, LeadCaptured, LeadClaimed, LeadPutInPond, LeadReassigned, LeadTagsChanged } from '../../src/modules/leads/leads.events';
import { type EnrolmentEvent, enrolmentEventTypes, type PlanEvent, planEventTypes } from '../../src/modules/plans/plans.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';

type Handled = PlanEvent | EnrolmentEvent | LeadCaptured | LeadAssigned | LeadReassigned | LeadClaimed | LeadPutInPond | LeadTagsChanged | PropertyAlertOpened;

/** The signal that wakes the plan runner: work queued, the read model passed queued work, or a step fell due now. */
export const PLANS_SIGNAL = 'plans.work';

/**
 * Action plans' read model: the plans, each lead's enrolments and the log of their steps (the
 * lead's timeline and the Plans view read these), and what the process manager reads of leads
 * (their user, owner, tags, alert opens). The process manager's work is queued by its own queue
 * (src/modules/plans/run-steps/plan-work.queue.ts) and done once this read model has passed it,
 * so a batch that may have made queued work ready (or a step due) signals the runner.
 */
export const actionPlansProjection: Projection = {
  name: 'action_plans',
  // 3: the office id columns named office_id, as in every read model.
  version: 3,
  eventTypes: handledTypes<Handled>()([
    ...planEventTypes,
    ...enrolmentEventTypes,
    'LeadCaptured',
    'LeadAssigned',
    'LeadReassigned',
    'LeadClaimed',
    'LeadPutInPond',
    'LeadTagsChanged',
    'PropertyAlertOpened',
  ]),
  tables: ['action_plans', 'plan_enrolments', 'plan_step_log', 'plan_leads'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('action_plans')} (
      plan_id uuid PRIMARY KEY, scope text NOT NULL, owner_id uuid NOT NULL, name text NOT NULL, steps jsonb NOT NULL, triggers jsonb NOT NULL,
      version int NOT NULL, archived boolean NOT NULL DEFAULT false, updated_at timestamptz NOT NULL)`);
    await tx.query(`CREATE INDEX ON ${t('action_plans')} (owner_id)`);
    await tx.query(`CREATE TABLE ${t('plan_enrolments')} (
      enrolment_id uuid PRIMARY KEY, lead_id uuid NOT NULL, plan_id uuid NOT NULL, plan_name text NOT NULL, steps jsonb NOT NULL, by_user_id uuid NOT NULL,
      status text NOT NULL, pause_reason text, enrolled_at timestamptz NOT NULL, next_index int NOT NULL DEFAULT 0, due_at timestamptz)`);
    await tx.query(`CREATE INDEX ON ${t('plan_enrolments')} (lead_id)`);
    await tx.query(`CREATE INDEX ON ${t('plan_enrolments')} (due_at) WHERE status = 'active'`);
    await tx.query(`CREATE TABLE ${t('plan_step_log')} (
      step_id uuid PRIMARY KEY, enrolment_id uuid NOT NULL, lead_id uuid NOT NULL, idx int NOT NULL, kind text NOT NULL, outcome text NOT NULL,
      detail text NOT NULL, reason text, at timestamptz NOT NULL)`);
    await tx.query(`CREATE INDEX ON ${t('plan_step_log')} (enrolment_id, idx)`);
    await tx.query(`CREATE TABLE ${t('plan_leads')} (
      lead_id uuid PRIMARY KEY, user_id uuid NOT NULL, site_id uuid NOT NULL, source text NOT NULL, agent_id uuid, office_id uuid,
      tags jsonb NOT NULL DEFAULT '[]', opened_alert boolean NOT NULL DEFAULT false)`);
    await tx.query(`CREATE INDEX ON ${t('plan_leads')} (user_id)`);
  },
  async apply(events, ctx) {
    const { table } = ctx;
    const plans = table('action_plans');
    const enrolments = table('plan_enrolments');
    const log = table('plan_step_log');
    const leads = table('plan_leads');
    let wake = false;
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'PlanSaved': {
          const d = e.data;
          ctx.write(
            `INSERT INTO ${plans} (plan_id, scope, owner_id, name, steps, triggers, version, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (plan_id) DO UPDATE SET name = excluded.name, steps = excluded.steps, triggers = excluded.triggers, version = excluded.version, updated_at = excluded.updated_at`,
            [d.planId, d.scope, d.ownerId, d.name, JSON.stringify(d.steps), JSON.stringify(d.triggers), d.version, at],
          );
          break;
        }
        case 'PlanArchived':
          ctx.write(`UPDATE ${plans} SET archived = true, updated_at = $2 WHERE plan_id = $1`, [e.data.planId, at]);
          break;
        case 'PlanEnrolled': {
          const d = e.data;
          ctx.write(
            `INSERT INTO ${enrolments} (enrolment_id, lead_id, plan_id, plan_name, steps, by_user_id, status, enrolled_at, due_at) VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8)
             ON CONFLICT (enrolment_id) DO NOTHING`,
            [d.enrolmentId, d.leadId, d.planId, d.planName, JSON.stringify(d.steps), d.byUserId, at, d.dueAt],
          );
          wake = true;
          break;
        }
        case 'PlanStepRecorded': {
          const d = e.data;
          ctx.write(`UPDATE ${enrolments} SET next_index = $2, due_at = $3 WHERE enrolment_id = $1`, [d.enrolmentId, d.index + 1, d.nextDueAt]);
          ctx.write(
            `INSERT INTO ${log} (step_id, enrolment_id, lead_id, idx, kind, outcome, detail, reason, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (step_id) DO NOTHING`,
            [d.stepId, d.enrolmentId, d.leadId, d.index, d.kind, d.outcome, d.detail, d.reason, d.at],
          );
          wake = true;
          break;
        }
        case 'PlanEnrolmentPaused':
          ctx.write(`UPDATE ${enrolments} SET status = 'paused', pause_reason = $2 WHERE enrolment_id = $1 AND status = 'active'`, [
            e.data.enrolmentId,
            e.data.reason,
          ]);
          break;
        case 'PlanEnrolmentResumed':
          ctx.write(`UPDATE ${enrolments} SET status = 'active', pause_reason = NULL, due_at = $2 WHERE enrolment_id = $1`, [e.data.enrolmentId, e.data.dueAt]);
          wake = true;
          break;
        case 'PlanEnrolmentStopped':
        case 'PlanEnrolmentFinished':
          ctx.write(`UPDATE ${enrolments} SET status = $2, due_at = NULL WHERE enrolment_id = $1`, [
            e.data.enrolmentId,
            e.type === 'PlanEnrolmentStopped' ? 'stopped' : 'finished',
          ]);
          break;
        case 'LeadCaptured':
          ctx.write(`INSERT INTO ${leads} (lead_id, user_id, site_id, source) VALUES ($1, $2, $3, $4) ON CONFLICT (lead_id) DO NOTHING`, [
            e.data.leadId,
            e.data.userId,
            e.data.siteId,
            e.data.source,
          ]);
          break;
        case 'LeadAssigned':
        case 'LeadReassigned':
        case 'LeadClaimed':
          ctx.write(`UPDATE ${leads} SET agent_id = $2, office_id = $3 WHERE lead_id = $1`, [e.data.leadId, e.data.agentId, e.data.officeId]);
          wake = true;
          break;
        case 'LeadPutInPond':
          ctx.write(`UPDATE ${leads} SET agent_id = NULL, office_id = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.officeId]);
          wake = true;
          break;
        case 'LeadTagsChanged':
          ctx.write(`UPDATE ${leads} SET tags = $2 WHERE lead_id = $1`, [e.data.leadId, JSON.stringify(e.data.tags)]);
          wake = true;
          break;
        case 'PropertyAlertOpened':
          ctx.write(`UPDATE ${leads} SET opened_alert = true WHERE lead_id = $1`, [e.data.leadId]);
          break;
        default:
          assertNever(e);
      }
    }
    if (wake) ctx.signal({ signal: PLANS_SIGNAL, payload: { queued: 0 } });
  },
};
