import type pg from 'pg';
import { leadsOfUser, plansOfOwner } from '../../../../projections/action-plans';
import { passedBy } from '../../../../projections/runner';
import { fold } from '../../../commands/decider';
import type { PauseReason, PlanTrigger } from '../../../contract/plans';
import { type Checkpoint, compareCheckpoints, type EventStore } from '../../../eventstore/event-store.port';
import type { StoredEvent } from '../../../shared/event';
import { logger } from '../../../shared/logger';
import { stableId } from '../../../shared/stable-id';
import { evolveLead, initialLead, type LeadEvent, leadStream, loadLead } from '../../leads';
import { enrolmentDecider } from '../enrolment/enrol.decide';
import { type EnrolmentEvent, leadPlansStream, type PlanEvent, planStream } from '../plans.events';
import { planDecider } from '../save-plan/save-plan.decide';

/** What a lead's event may start: the plans whose trigger it matches, as the lead and the plans were at that moment. */
export type AskedTrigger = {
  readonly eventId: string;
  readonly asked:
    | { readonly kind: 'new-lead'; readonly agentId: string; readonly officeId: string | null }
    | { readonly kind: 'stage-changed'; readonly stage: string }
    | { readonly kind: 'tags-changed'; readonly tags: readonly string[] };
};

/** What an event stops for now: the lead's enrolments active at that moment (a user's unsubscribe: each of their leads'). */
export type AskedPauses = {
  readonly eventId: string;
  readonly reason: PauseReason;
  /** A chat message pauses only when the lead sent it. */
  readonly ifFromUserId?: string;
  /** An unsubscribe: the user whose leads pause. */
  readonly userId?: string;
};

type AskedRow = {
  work_id: string;
  kind: 'trigger' | 'pauses';
  lead_id: string | null;
  payload: unknown;
  queued_at: Date;
  tx_id: string;
  global_position: string;
};
type Work = { readonly workId: string; readonly kind: 'enrol' | 'pause'; readonly leadId: string; readonly payload: object };

const log = logger('plans');

/** A row asking for state is turned into work once the read model it reads (the user's leads, the owner's plans) has passed it. */
const READY = passedBy('action_plans');
const same = (a: string, b: string) => a.toLocaleLowerCase('en-US') === b.toLocaleLowerCase('en-US');
const before = (e: StoredEvent, place: Checkpoint) => compareCheckpoints({ transactionId: e.transactionId, globalPosition: e.globalPosition }, place) < 0;

/**
 * Turns the queued `trigger` and `pauses` rows the read model has passed into their enrol and pause
 * rows, in one transaction under the rows' locks (another instance skips them; a crash undoes it
 * all). The state of the event's moment comes from the streams, read up to the event's place: the
 * lead before it (first owner, owner, tags), the lead's enrolments active then, the owner's plans
 * as they were; so the work is what the read model once queued, with the same ids. Answers how
 * many rows it turned (as many as the batch: there may be more).
 */
export async function expandAskedWork(pool: pg.Pool, tx: pg.PoolClient, store: EventStore, limit: number): Promise<number> {
  const { rows } = await tx.query<AskedRow>(
    `SELECT work_id, kind, lead_id, payload, queued_at, tx_id::text, global_position::text FROM plan_work
      WHERE state = 'pending' AND kind IN ('trigger', 'pauses') AND ${READY} ORDER BY tx_id, global_position LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
  let expanded = 0;
  for (const r of rows) {
    // A row that cannot be read now (its stream unreadable) stays pending without holding back the others.
    await tx.query('SAVEPOINT asked');
    try {
      const place = { transactionId: BigInt(r.tx_id), globalPosition: BigInt(r.global_position) };
      const work = r.kind === 'trigger' ? await triggered(pool, store, r.lead_id!, r.payload as AskedTrigger) : await paused(pool, store, r, place);
      for (const w of work) {
        await tx.query(`INSERT INTO plan_work (work_id, kind, lead_id, payload, queued_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (work_id) DO NOTHING`, [
          w.workId,
          w.kind,
          w.leadId,
          JSON.stringify(w.payload),
          r.queued_at,
        ]);
      }
      await tx.query(`UPDATE plan_work SET state = 'expanded', sent_at = now() WHERE work_id = $1`, [r.work_id]);
      await tx.query('RELEASE SAVEPOINT asked');
      expanded++;
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT asked');
      log.warn('a queued plan trigger or pause could not be read; the next sweep tries again', { workId: r.work_id, error: (err as Error).message });
    }
  }
  return expanded;
}

async function paused(pool: pg.Pool, store: EventStore, r: AskedRow, place: Checkpoint): Promise<Work[]> {
  const p = r.payload as AskedPauses;
  let leadIds = r.lead_id ? [r.lead_id] : [];
  if (p.userId) leadIds = await leadsOfUser(pool, p.userId);
  if (p.ifFromUserId && r.lead_id) {
    const { lead } = await loadLead(store, r.lead_id);
    if (!lead.exists || lead.userId !== p.ifFromUserId) return [];
  }
  const out: Work[] = [];
  for (const leadId of leadIds) {
    const stored = (await store.readStream(leadPlansStream(leadId))).filter((e) => before(e, place));
    const state = fold(enrolmentDecider, stored as unknown as EnrolmentEvent[]);
    for (const e of state.enrolments.values()) {
      if (e.status !== 'active') continue;
      out.push({
        workId: stableId(`plan pause ${p.eventId} ${e.enrolmentId}`),
        kind: 'pause',
        leadId,
        payload: { enrolmentId: e.enrolmentId, reason: p.reason },
      });
    }
  }
  return out;
}

async function triggered(pool: pg.Pool, store: EventStore, leadId: string, t: AskedTrigger): Promise<Work[]> {
  const events = (await store.readStream(leadStream(leadId))) as unknown as StoredEvent<LeadEvent>[];
  const at = events.findIndex((e) => e.eventId === t.eventId);
  if (at < 0) return [];
  const lead = fold({ initialState: initialLead, evolve: evolveLead }, events.slice(0, at));
  const captured = events[0]?.type === 'LeadCaptured' ? events[0].data : undefined;
  if (!lead.exists || !captured) return [];
  const a = t.asked;
  let owner: { agentId: string | null; officeId: string | null } = lead;
  let matches: (x: PlanTrigger) => boolean;
  switch (a.kind) {
    case 'new-lead':
      // The lead's first owner: the moment a new lead is someone's, so the "new lead" triggers of their plans fire.
      if (lead.agentId) return [];
      owner = a;
      matches = (x) => x.kind === 'new-lead' && (!x.source || same(x.source, captured.source)) && (!x.siteId || x.siteId === lead.siteId);
      break;
    case 'stage-changed':
      matches = (x) => x.kind === 'stage-changed' && same(x.stage, a.stage);
      break;
    case 'tags-changed': {
      const added = a.tags.filter((x) => !lead.tags.some((o) => same(o, x)));
      if (added.length === 0) return [];
      matches = (x) => x.kind === 'tag-added' && added.some((y) => same(y, x.tag));
      break;
    }
  }
  if (!owner.agentId && !owner.officeId) return [];
  const place = events[at]!;
  const out: Work[] = [];
  for (const planId of await plansOfOwner(pool, owner.agentId, owner.officeId)) {
    // The plan as it was when the lead's event happened: one saved or changed since does not count.
    const stored = (await store.readStream(planStream(planId))).filter((e) => before(e, place));
    const plan = fold(planDecider, stored as unknown as PlanEvent[]);
    if (!plan.exists || plan.archived || !plan.definition.triggers.some(matches)) continue;
    out.push({ workId: stableId(`plan enrol ${t.eventId} ${planId}`), kind: 'enrol', leadId, payload: { planId, triggerEventId: t.eventId } });
  }
  return out;
}
