import type pg from 'pg';
import {
  type EnrolmentStatus,
  type EnrolmentView,
  type PauseReason,
  type PlanDefinition,
  type PlanScope,
  type PlanStep,
  type PlanTrigger,
  type StepLogLine,
  stepLine,
} from '../../src/contract/plans';

export type DueEnrolment = { readonly enrolmentId: string; readonly leadId: string; readonly index: number };

/** Active enrolments whose next step is due at `now`, oldest due first. */
export async function dueEnrolments(pool: pg.Pool, now: Date, limit: number): Promise<DueEnrolment[]> {
  const { rows } = await pool.query<{ enrolment_id: string; lead_id: string; next_index: number }>(
    `SELECT enrolment_id, lead_id, next_index FROM plan_enrolments
      WHERE status = 'active' AND due_at <= $1 AND next_index < jsonb_array_length(steps) ORDER BY due_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => ({ enrolmentId: r.enrolment_id, leadId: r.lead_id, index: r.next_index }));
}

/** Which of these leads have opened a property alert (a step's condition), in one query. */
export async function leadsWhoOpenedAlerts(pool: pg.Pool, leadIds: readonly string[]): Promise<Set<string>> {
  if (leadIds.length === 0) return new Set();
  const { rows } = await pool.query<{ lead_id: string }>('SELECT lead_id FROM plan_leads WHERE lead_id = ANY($1::uuid[]) AND opened_alert', [
    [...new Set(leadIds)],
  ]);
  return new Set(rows.map((r) => r.lead_id));
}

export type StoredPlan = PlanDefinition & {
  readonly planId: string;
  readonly scope: PlanScope;
  readonly ownerId: string;
  readonly version: number;
  readonly archived: boolean;
  readonly updatedAt: string;
  readonly activeEnrolments: number;
};

type PlanRow = {
  plan_id: string;
  scope: PlanScope;
  owner_id: string;
  name: string;
  steps: PlanStep[];
  triggers: PlanTrigger[];
  version: number;
  archived: boolean;
  updated_at: Date;
  active: string;
};
const PLAN_COLUMNS = `p.plan_id, p.scope, p.owner_id, p.name, p.steps, p.triggers, p.version, p.archived, p.updated_at,
  (SELECT count(*) FROM plan_enrolments e WHERE e.plan_id = p.plan_id AND e.status IN ('active', 'paused')) AS active`;
const toPlan = (r: PlanRow): StoredPlan => ({
  planId: r.plan_id,
  scope: r.scope,
  ownerId: r.owner_id,
  name: r.name,
  steps: r.steps,
  triggers: r.triggers,
  version: r.version,
  archived: r.archived,
  updatedAt: r.updated_at.toISOString(),
  activeEnrolments: Number(r.active),
});

/** The plans owned by any of `ownerIds` (an office's, a user's own), newest change first; staff (null) see all. */
export async function plansOwnedBy(pool: pg.Pool, ownerIds: readonly string[] | null): Promise<StoredPlan[]> {
  const { rows } = await pool.query<PlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM action_plans p WHERE ($1::uuid[] IS NULL OR p.owner_id = ANY($1)) AND NOT p.archived ORDER BY p.updated_at DESC LIMIT 500`,
    [ownerIds],
  );
  return rows.map(toPlan);
}

/** A lead's enrolments, newest first, each with its step log and (while active) the next step as pending. */
export async function enrolmentsOfLead(pool: pg.Pool, leadId: string): Promise<EnrolmentView[]> {
  const [{ rows: es }, { rows: steps }] = await Promise.all([
    pool.query<{
      enrolment_id: string;
      plan_id: string;
      plan_name: string;
      steps: PlanStep[];
      status: EnrolmentStatus;
      pause_reason: PauseReason | null;
      enrolled_at: Date;
      next_index: number;
      due_at: Date | null;
    }>(
      `SELECT enrolment_id, plan_id, plan_name, steps, status, pause_reason, enrolled_at, next_index, due_at FROM plan_enrolments WHERE lead_id = $1 ORDER BY enrolled_at DESC, enrolment_id`,
      [leadId],
    ),
    pool.query<{
      step_id: string;
      enrolment_id: string;
      idx: number;
      kind: StepLogLine['kind'];
      outcome: 'done' | 'skipped';
      detail: string;
      reason: string | null;
      at: Date;
    }>(`SELECT step_id, enrolment_id, idx, kind, outcome, detail, reason, at FROM plan_step_log WHERE lead_id = $1 ORDER BY idx`, [leadId]),
  ]);
  return es.map((e) => {
    const log: StepLogLine[] = steps
      .filter((s) => s.enrolment_id === e.enrolment_id)
      .map((s) => ({
        stepId: s.step_id,
        index: s.idx,
        kind: s.kind,
        outcome: s.outcome === 'done' && (s.kind === 'email' || s.kind === 'text') ? 'sent' : s.outcome,
        detail: s.detail,
        reason: s.reason,
        at: s.at.toISOString(),
      }));
    const next = e.steps[e.next_index];
    if (next && (e.status === 'active' || e.status === 'paused') && e.due_at) {
      log.push({
        stepId: `${e.enrolment_id}:${e.next_index}`,
        index: e.next_index,
        kind: next.kind,
        outcome: 'pending',
        detail: stepLine(next),
        reason: null,
        at: e.due_at.toISOString(),
      });
    }
    return {
      enrolmentId: e.enrolment_id,
      planId: e.plan_id,
      planName: e.plan_name,
      leadId,
      status: e.status,
      pauseReason: e.pause_reason,
      enrolledAt: e.enrolled_at.toISOString(),
      nextDueAt: e.status === 'active' && e.due_at ? e.due_at.toISOString() : null,
      steps: log,
    };
  });
}

/** The plans (not archived) of a lead's agent or office: where a trigger may enrol the lead. */
export async function plansOfOwner(pool: pg.Pool, agentId: string | null, officeId: string | null): Promise<string[]> {
  const { rows } = await pool.query<{ plan_id: string }>(
    `SELECT plan_id FROM action_plans WHERE NOT archived AND ((scope = 'office' AND owner_id = $1) OR (scope = 'personal' AND owner_id = $2)) ORDER BY plan_id`,
    [officeId, agentId],
  );
  return rows.map((r) => r.plan_id);
}

/** The leads of a user (one per site they asked on). */
export async function leadsOfUser(pool: pg.Pool, userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ lead_id: string }>('SELECT lead_id FROM plan_leads WHERE user_id = $1 ORDER BY lead_id', [userId]);
  return rows.map((r) => r.lead_id);
}
