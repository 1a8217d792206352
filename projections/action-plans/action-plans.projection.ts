import type { PropertyAlertOpened } from '../../src/modules/alerts/alerts.events';
import type { ConsentChanged } from '../../src/modules/accounts/accounts.events';
import type { AccountsMerged } from '../../src/modules/backoffice/backoffice.events';
import type { ChatMessageSent } from '../../src/modules/conversation/conversation.events';
import type {
  LeadAssigned,
  LeadCaptured,
  LeadClaimed,
  LeadPutInPond,
  LeadReassigned,
  LeadStageChanged,
  LeadTagsChanged,
} from '../../src/modules/leads/leads.events';
import type { LeadEmailReceived, TextMessageReceived } from '../../src/modules/conversation/conversation.events';
import { type EnrolmentEvent, enrolmentEventTypes, type PlanEvent, planEventTypes } from '../../src/modules/plans/plans.events';
import type { PauseReason, PlanTrigger } from '../../src/contract/plans';
import { PLAN_WORK_MIGRATION } from '../../src/database/migrations/023-plan-work';
import { assertNever } from '../../src/shared/errors';
import { stableId } from '../../src/shared/stable-id';
import type { StoredEvent } from '../../src/shared/event';
import { eventsOf, handledTypes, type Projection, type ProjectionContext } from '../runner';

type Handled =
  | PlanEvent
  | EnrolmentEvent
  | LeadCaptured
  | LeadAssigned
  | LeadReassigned
  | LeadClaimed
  | LeadPutInPond
  | LeadStageChanged
  | LeadTagsChanged
  | ChatMessageSent
  | TextMessageReceived
  | LeadEmailReceived
  | ConsentChanged
  | PropertyAlertOpened
  | AccountsMerged;

/** The signal that wakes the plan runner: work queued, or a step fell due now. */
export const PLANS_SIGNAL = 'plans.work';

type LeadRow = { lead_id: string; user_id: string; site_id: string; source: string; agent_id: string | null; office_id: string | null; tags: string[] };

const same = (a: string, b: string) => a.toLocaleLowerCase('en-US') === b.toLocaleLowerCase('en-US');

/**
 * Action plans' read model (issue 19 part 1): the plans, each lead's enrolments and the log of
 * their steps (the lead's timeline and the Plans view read these), and what the process manager
 * needs to know about leads (owner, tags, source, alert opens). It is also where the log becomes
 * the process manager's work: outside a rebuild (a rebuild must never act again) each batch
 * queues, in plan_work and with its checkpoint, the enrolments triggers ask for, the pauses that
 * replies, unsubscribes, claims and new owners ask for, and the effect of every step recorded
 * done, each keyed by an id derived from its event.
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
    'LeadStageChanged',
    'LeadTagsChanged',
    'ChatMessageSent',
    'TextMessageReceived',
    'LeadEmailReceived',
    'ConsentChanged',
    'PropertyAlertOpened',
    'AccountsMerged',
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
    const { tx, table } = ctx;
    const plans = table('action_plans');
    const enrolments = table('plan_enrolments');
    const log = table('plan_step_log');
    const leads = table('plan_leads');
    const work = new Work(ctx);
    const lead = async (leadId: string): Promise<LeadRow | undefined> =>
      (await tx.query<LeadRow>(`SELECT * FROM ${leads} WHERE lead_id = $1`, [leadId])).rows[0];

    /** Queues a pause of each active enrolment of the lead. */
    const pauseAll = async (e: StoredEvent, leadId: string, reason: PauseReason) => {
      const { rows } = await tx.query<{ enrolment_id: string }>(`SELECT enrolment_id FROM ${enrolments} WHERE lead_id = $1 AND status = 'active'`, [leadId]);
      for (const r of rows)
        await work.queue(stableId(`plan pause ${e.eventId} ${r.enrolment_id}`), 'pause', leadId, { enrolmentId: r.enrolment_id, reason }, e.metadata.at);
    };
    /** Queues an enrolment in each plan of the lead's agent or office whose trigger matches. */
    const trigger = async (e: StoredEvent, l: LeadRow | undefined, matches: (t: PlanTrigger) => boolean) => {
      if (!l || (!l.agent_id && !l.office_id)) return;
      const { rows } = await tx.query<{ plan_id: string; triggers: PlanTrigger[] }>(
        `SELECT plan_id, triggers FROM ${plans} WHERE NOT archived AND ((scope = 'office' AND owner_id = $1) OR (scope = 'personal' AND owner_id = $2))`,
        [l.office_id, l.agent_id],
      );
      for (const p of rows) {
        if (p.triggers.some(matches))
          await work.queue(
            stableId(`plan enrol ${e.eventId} ${p.plan_id}`),
            'enrol',
            l.lead_id,
            { planId: p.plan_id, triggerEventId: e.eventId },
            e.metadata.at,
          );
      }
    };

    /** The plan the office's lead flow chose for a new lead's source, queued as a trigger's enrolment is. */
    const flowPlan = async (e: StoredEvent<Extract<Handled, { type: 'LeadAssigned' | 'LeadPutInPond' }>>) => {
      const planId = e.data.planId;
      if (planId) await work.queue(stableId(`plan enrol ${e.eventId} ${planId}`), 'enrol', e.data.leadId, { planId, triggerEventId: e.eventId }, e.metadata.at);
    };
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'PlanSaved': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${plans} (plan_id, scope, owner_id, name, steps, triggers, version, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (plan_id) DO UPDATE SET name = excluded.name, steps = excluded.steps, triggers = excluded.triggers, version = excluded.version, updated_at = excluded.updated_at`,
            [d.planId, d.scope, d.ownerId, d.name, JSON.stringify(d.steps), JSON.stringify(d.triggers), d.version, at],
          );
          break;
        }
        case 'PlanArchived':
          await tx.query(`UPDATE ${plans} SET archived = true, updated_at = $2 WHERE plan_id = $1`, [e.data.planId, at]);
          break;
        case 'PlanEnrolled': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${enrolments} (enrolment_id, lead_id, plan_id, plan_name, steps, by_user_id, status, enrolled_at, due_at) VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8)
             ON CONFLICT (enrolment_id) DO NOTHING`,
            [d.enrolmentId, d.leadId, d.planId, d.planName, JSON.stringify(d.steps), d.byUserId, at, d.dueAt],
          );
          work.due();
          break;
        }
        case 'PlanStepRecorded': {
          const d = e.data;
          await tx.query(`UPDATE ${enrolments} SET next_index = $2, due_at = $3 WHERE enrolment_id = $1`, [d.enrolmentId, d.index + 1, d.nextDueAt]);
          await tx.query(
            `INSERT INTO ${log} (step_id, enrolment_id, lead_id, idx, kind, outcome, detail, reason, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (step_id) DO NOTHING`,
            [d.stepId, d.enrolmentId, d.leadId, d.index, d.kind, d.outcome, d.detail, d.reason, d.at],
          );
          if (d.outcome === 'done' && d.kind !== 'wait')
            await work.queue(d.stepId, 'effect', d.leadId, { stepId: d.stepId, enrolmentId: d.enrolmentId, step: d.step, byUserId: d.byUserId, at: d.at }, at);
          work.due();
          break;
        }
        case 'PlanEnrolmentPaused':
          await tx.query(`UPDATE ${enrolments} SET status = 'paused', pause_reason = $2 WHERE enrolment_id = $1 AND status = 'active'`, [
            e.data.enrolmentId,
            e.data.reason,
          ]);
          break;
        case 'PlanEnrolmentResumed':
          await tx.query(`UPDATE ${enrolments} SET status = 'active', pause_reason = NULL, due_at = $2 WHERE enrolment_id = $1`, [
            e.data.enrolmentId,
            e.data.dueAt,
          ]);
          work.due();
          break;
        case 'PlanEnrolmentStopped':
        case 'PlanEnrolmentFinished':
          await tx.query(`UPDATE ${enrolments} SET status = $2, due_at = NULL WHERE enrolment_id = $1`, [
            e.data.enrolmentId,
            e.type === 'PlanEnrolmentStopped' ? 'stopped' : 'finished',
          ]);
          break;
        case 'LeadCaptured':
          await tx.query(`INSERT INTO ${leads} (lead_id, user_id, site_id, source) VALUES ($1, $2, $3, $4) ON CONFLICT (lead_id) DO NOTHING`, [
            e.data.leadId,
            e.data.userId,
            e.data.siteId,
            e.data.source,
          ]);
          break;
        case 'LeadAssigned': {
          // The lead's first owner: the moment a new lead is someone's, so the "new lead" triggers of their plans fire.
          const before = await lead(e.data.leadId);
          await tx.query(`UPDATE ${leads} SET agent_id = $2, office_id = $3 WHERE lead_id = $1`, [e.data.leadId, e.data.agentId, e.data.officeId]);
          await flowPlan(e);
          if (before && !before.agent_id) {
            await trigger(
              e,
              { ...before, agent_id: e.data.agentId, office_id: e.data.officeId },
              (t) => t.kind === 'new-lead' && (!t.source || same(t.source, before.source)) && (!t.siteId || t.siteId === before.site_id),
            );
          }
          break;
        }
        case 'LeadReassigned':
        case 'LeadClaimed':
          await tx.query(`UPDATE ${leads} SET agent_id = $2, office_id = $3 WHERE lead_id = $1`, [e.data.leadId, e.data.agentId, e.data.officeId]);
          await pauseAll(e, e.data.leadId, e.type === 'LeadClaimed' ? 'claimed' : 'owner-changed');
          break;
        case 'LeadPutInPond':
          await tx.query(`UPDATE ${leads} SET agent_id = NULL, office_id = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.officeId]);
          await flowPlan(e);
          break;
        case 'LeadStageChanged':
          await trigger(e, await lead(e.data.leadId), (t) => t.kind === 'stage-changed' && same(t.stage, e.data.stage));
          break;
        case 'LeadTagsChanged': {
          const l = await lead(e.data.leadId);
          await tx.query(`UPDATE ${leads} SET tags = $2 WHERE lead_id = $1`, [e.data.leadId, JSON.stringify(e.data.tags)]);
          const added = e.data.tags.filter((t) => !(l?.tags ?? []).some((o) => same(o, t)));
          if (added.length) await trigger(e, l, (t) => t.kind === 'tag-added' && added.some((a) => same(a, t.tag)));
          break;
        }
        case 'ChatMessageSent': {
          const l = await lead(e.data.leadId);
          if (l && e.data.fromUserId === l.user_id) await pauseAll(e, l.lead_id, 'replied-chat');
          break;
        }
        case 'TextMessageReceived':
          await pauseAll(e, e.data.leadId, 'replied-text');
          break;
        case 'LeadEmailReceived':
          await pauseAll(e, e.data.leadId, 'replied-email');
          break;
        case 'ConsentChanged': {
          if (e.data.granted || (e.data.channel !== 'email' && e.data.channel !== 'text')) break;
          const { rows } = await tx.query<{ lead_id: string }>(`SELECT lead_id FROM ${leads} WHERE user_id = $1`, [e.data.userId]);
          for (const r of rows) await pauseAll(e, r.lead_id, 'unsubscribed');
          break;
        }
        case 'PropertyAlertOpened':
          await tx.query(`UPDATE ${leads} SET opened_alert = true WHERE lead_id = $1`, [e.data.leadId]);
          break;
        case 'AccountsMerged':
          // The merged-away lead's plans stop sending: the survivor is the one lead the person is
          // now, and two plans would mail them twice. (Both accounts' streams carry the event; the
          // second pause finds nothing active.)
          for (const pair of e.data.leads ?? []) await pauseAll(e, pair.mergedLeadId, 'merged');
          break;
        default:
          assertNever(e);
      }
    }
    work.flush();
  },
};

/** The process manager's outbox (plan_work, a plain table): written outside rebuilds only, and a signal once the batch committed. */
class Work {
  private queued = 0;
  private wake = false;
  constructor(private readonly ctx: ProjectionContext) {}

  async queue(workId: string, kind: 'enrol' | 'pause' | 'effect', leadId: string, payload: object, at: string): Promise<void> {
    if (this.ctx.replaying) return;
    const { rowCount } = await this.ctx.tx.query(
      // Events from before plans existed (a first start on an old log) ask nothing of the process manager.
      `INSERT INTO plan_work (work_id, kind, lead_id, payload, queued_at) SELECT $1, $2, $3, $4, $5
        WHERE $5::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $6) ON CONFLICT (work_id) DO NOTHING`,
      [workId, kind, leadId, JSON.stringify(payload), at, PLAN_WORK_MIGRATION],
    );
    this.queued += rowCount ?? 0;
  }

  /** A step may be due now (an enrolment began or resumed, a step ran). */
  due(): void {
    this.wake = true;
  }

  flush(): void {
    if (this.queued > 0 || this.wake) this.ctx.signal({ signal: PLANS_SIGNAL, payload: { queued: this.queued } });
  }
}
