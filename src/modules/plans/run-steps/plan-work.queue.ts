import { PLANS_SIGNAL } from '../../../../projections/action-plans';
import { handledTypes, type OutboxInsert, outboxProjection } from '../../../../projections/runner';
import { PLAN_WORK_MIGRATION } from '../../../database/migrations/023-plan-work';
import { assertNever } from '../../../shared/errors';
import type { StoredEvent } from '../../../shared/event';
import { stableId } from '../../../shared/stable-id';
import type { ConsentChanged } from '../../accounts/accounts.events';
import type { AccountsMerged } from '../../backoffice/backoffice.events';
import type { ChatMessageSent, LeadEmailReceived, TextMessageReceived } from '../../conversation/conversation.events';
import type { LeadAssigned, LeadClaimed, LeadPutInPond, LeadReassigned, LeadStageChanged, LeadTagsChanged } from '../../leads/leads.events';
import type { PlanStepRecorded } from '../plans.events';
import type { AskedPauses, AskedTrigger } from './expand-work';

type Queued =
  | PlanStepRecorded
  | LeadAssigned
  | LeadPutInPond
  | LeadStageChanged
  | LeadTagsChanged
  | LeadReassigned
  | LeadClaimed
  | ChatMessageSent
  | TextMessageReceived
  | LeadEmailReceived
  | ConsentChanged
  | AccountsMerged;

/**
 * The plan runner's queue (plan_work), filled from the log in the transaction that moves its own
 * checkpoint, each row keyed by an id derived from its event and carrying the event's place in the
 * log: the effect of a step recorded done, the plan a lead flow chose, and, for what depends on
 * the state of that moment, one row for the event that the runner turns into its enrolments
 * (`trigger`: a first owner, a stage, tags) or pauses (`pauses`: a reply, a new owner, an
 * unsubscribe, a merge) once the action_plans read model has passed it (expand-work.ts). Events
 * from before plans existed (a first start on an old log) ask nothing; on an upgraded database
 * the queue starts where the read model stood (migration 55), which had queued the earlier ones.
 */
export const planWorkQueue = outboxProjection<Queued>({
  name: 'plan_work',
  outboxTables: ['plan_work'],
  eventTypes: handledTypes<Queued>()([
    'PlanStepRecorded',
    'LeadAssigned',
    'LeadPutInPond',
    'LeadStageChanged',
    'LeadTagsChanged',
    'LeadReassigned',
    'LeadClaimed',
    'ChatMessageSent',
    'TextMessageReceived',
    'LeadEmailReceived',
    'ConsentChanged',
    'AccountsMerged',
  ]),
  signal: PLANS_SIGNAL,
  insert: (e) => {
    switch (e.type) {
      case 'PlanStepRecorded': {
        const d = e.data;
        if (d.outcome !== 'done' || d.kind === 'wait') return null;
        return row(e, d.stepId, 'effect', d.leadId, { stepId: d.stepId, enrolmentId: d.enrolmentId, step: d.step, byUserId: d.byUserId, at: d.at });
      }
      case 'LeadAssigned':
        return [...flowPlan(e), trigger(e, { kind: 'new-lead', agentId: e.data.agentId, officeId: e.data.officeId })];
      case 'LeadPutInPond':
        return flowPlan(e);
      case 'LeadStageChanged':
        return trigger(e, { kind: 'stage-changed', stage: e.data.stage });
      case 'LeadTagsChanged':
        return trigger(e, { kind: 'tags-changed', tags: e.data.tags });
      case 'LeadReassigned':
      case 'LeadClaimed':
        return pauses(e, e.data.leadId, { reason: e.type === 'LeadClaimed' ? 'claimed' : 'owner-changed' });
      case 'ChatMessageSent':
        // Only the lead's own message is a reply; who the lead's user is, the runner reads.
        return pauses(e, e.data.leadId, { reason: 'replied-chat', ifFromUserId: e.data.fromUserId });
      case 'TextMessageReceived':
        return pauses(e, e.data.leadId, { reason: 'replied-text' });
      case 'LeadEmailReceived':
        return pauses(e, e.data.leadId, { reason: 'replied-email' });
      case 'ConsentChanged':
        if (e.data.granted || (e.data.channel !== 'email' && e.data.channel !== 'text')) return null;
        return pauses(e, null, { reason: 'unsubscribed', userId: e.data.userId });
      case 'AccountsMerged':
        // The merged-away lead's plans stop sending: the survivor is the one lead the person is now.
        // (Both accounts' streams carry the event; the row's id is the same for both.)
        return (e.data.leads ?? []).map((pair) => pauses(e, pair.mergedLeadId, { reason: 'merged' }));
      default:
        return assertNever(e);
    }
  },
});

type Row = NonNullable<OutboxInsert>;

function row(e: StoredEvent, workId: string, kind: string, leadId: string | null, payload: object): Row {
  return {
    sql: `INSERT INTO plan_work (work_id, kind, lead_id, payload, queued_at, tx_id, global_position) SELECT $1, $2, $3, $4, $5, $6, $7
           WHERE $5::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $8) ON CONFLICT (work_id) DO NOTHING`,
    values: [workId, kind, leadId, JSON.stringify(payload), e.metadata.at, e.transactionId.toString(), e.globalPosition.toString(), PLAN_WORK_MIGRATION],
  };
}

/** The plan the office's lead flow chose for a new lead's source, enrolled as a trigger's is (the same id). */
function flowPlan(e: StoredEvent<LeadAssigned | LeadPutInPond>): Row[] {
  const planId = e.data.planId;
  return planId ? [row(e, stableId(`plan enrol ${e.eventId} ${planId}`), 'enrol', e.data.leadId, { planId, triggerEventId: e.eventId })] : [];
}

function trigger(e: StoredEvent<LeadAssigned | LeadStageChanged | LeadTagsChanged>, asked: AskedTrigger['asked']): Row {
  const payload: AskedTrigger = { eventId: e.eventId, asked };
  return row(e, stableId(`plan trigger ${e.eventId}`), 'trigger', e.data.leadId, payload);
}

function pauses(e: StoredEvent, leadId: string | null, asked: Omit<AskedPauses, 'eventId'>): Row {
  const payload: AskedPauses = { eventId: e.eventId, ...asked };
  return row(e, stableId(`plan pauses ${e.eventId} ${leadId ?? asked.userId}`), 'pauses', leadId, payload);
}
