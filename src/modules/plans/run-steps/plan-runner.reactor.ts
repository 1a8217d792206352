import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type DueEnrolment, dueEnrolments, PLANS_SIGNAL } from '../../../../projections/action-plans';
import { passedBy } from '../../../../projections/runner';
import type { Runtime } from '../../../runtime/runtime';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { DB_POOL, RUNTIME } from '../../../runtime/tokens';
import { fold } from '../../../commands/decider';
import { inTransaction } from '../../../database/database';
import { systemContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import type { PauseReason, PlanStep } from '../../../contract/plans';
import { EventStore } from '../../../eventstore/event-store.port';
import { appendTogether } from '../../../commands/decide-and-append';
import { logger } from '../../../shared/logger';
import { toNewEvents } from '../../accounts';
import { loadLead } from '../../leads';
import { type ReactorOutbox, RETRY_DUE, sendOneFromOutbox } from '../../messaging';
import { SiteResolver } from '../../sites';
import { enrolmentDecider } from '../enrolment/enrol.decide';
import type { LeadPlans } from '../enrolment/enrolments';
import { type EnrolmentEvent, leadPlansStream, type PlanEvent, planStream } from '../plans.events';
import { planDecider } from '../save-plan/save-plan.decide';
import { runStepDecider } from './run-step.decide';
import { expandAskedWork } from './expand-work';
import { applyEmailEffects, applyStepEffect, type EffectDeps, type StepEffect } from './step-effects';
import { stepFacts, stepFactsOf } from './step-facts';

const log = logger('plans');

type WorkRow = { work_id: string; kind: 'enrol' | 'pause' | 'effect'; lead_id: string; payload: unknown };
/** A queued row is worked once the action_plans read model has passed it (what the work reads of it is there). */
const READY = passedBy('action_plans');
/** Taken oldest first under row locks; a failing row is tried again as the outboxes' retry policy says. */
const WORK = {
  table: 'plan_work',
  key: 'work_id',
  columns: 'work_id, kind, lead_id, payload',
  order: 'attempts, queued_at, work_id',
  where: `kind IN ('enrol', 'pause', 'effect') AND ${READY}`,
};
/** The queue this folder owns, filled by its queue projection (plan-work.queue.ts) and turned into work here (expand-work.ts). */
export const PLAN_WORK_OUTBOX: ReactorOutbox = { outboxTables: ['plan_work'] };
const DUE_BATCH = 200;
/** Rows asking for the state of their moment (a trigger, pauses) turned into work at once. */
const ASKED_BATCH = 100;
/** E-mail effects taken at once under their row locks. */
const EMAIL_BATCH = 100;
/** Work rows handled at once by one runner (each holds a pooled connection while it works). */
const WORK_CONCURRENCY = 6;
/** Due steps decided again at once after a lost race (each holds a pooled connection). */
const STEP_CONCURRENCY = 8;

/** Runs the tasks, at most `n` at a time, until they are done or `stopped()`. */
async function inParallel(tasks: readonly (() => Promise<void>)[], n: number, stopped: () => boolean): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, tasks.length) }, async () => {
      while (next < tasks.length && !stopped()) await tasks[next++]!();
    }),
  );
}

/**
 * The action plans' process manager, on every instance. Each sweep first does the work its queue
 * (plan-work.queue.ts) put in plan_work from the log, each row once the action_plans read model
 * has passed it: the rows asking for the state of their moment are turned into enrolments and
 * pauses (expand-work.ts), then the work is done (pauses first among
 * what is oldest: enrol a lead a trigger matched, pause a lead's enrolments, do a recorded step's
 * effect), each row under its row lock and marked done in the same transaction (another instance
 * skips it; a crash leaves it pending, and the effect's ids make doing it again add nothing). Then
 * it runs the steps that are due: the facts are read at that moment (consent, stage, tags, a
 * reply in the lead's own streams) and the step decided on the lead's plans stream, where the
 * stream's revision and the step's stable id let one instance, once, record it. Woken by the
 * signals of its queue and of the read model; swept every second (another instance's signals never arrive).
 */
@Injectable()
export class PlanRunner extends SweptReactor {
  private readonly deps: EffectDeps;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SiteResolver) sites: SiteResolver,
  ) {
    super();
    this.deps = { store, pool, sites };
  }

  protected schedule(): Schedule {
    return { name: 'action plans', everyMs: 1000, signal: { name: PLANS_SIGNAL, runtime: this.runtime } };
  }

  protected onSweep(): Promise<unknown> {
    return this.run(new Date());
  }

  /** One sweep: the queued work, then the due steps (rows and leads are independent). Answers how many of each were done. */
  async run(now: Date): Promise<{ readonly work: number; readonly steps: number }> {
    await this.expandAsked();
    const emails = await this.drainEmailEffects(now);
    const work = emails + (await Promise.all(Array.from({ length: WORK_CONCURRENCY }, () => this.drainWork(now)))).reduce((a, b) => a + b, 0);
    const due = await dueEnrolments(this.pool, now, DUE_BATCH);
    return { work, steps: due.length === 0 ? 0 : await this.runDue(due, now) };
  }

  /**
   * The due steps of a tick, set-based: every due lead's plans stream in one read, the facts of
   * their steps in a few (stepFactsOf), then each first step decided on the state read and all
   * appended in one atomic write, each stream with the revision read.
   * A lost race (another instance, a pause just recorded) and a lead's second due enrolment are
   * decided again one at a time on a fresh read (runStep), so the decision is always made on the
   * state the append is checked against.
   */
  private async runDue(due: readonly DueEnrolment[], now: Date): Promise<number> {
    const streams = await this.store.readStreams([...new Set(due.map((d) => leadPlansStream(d.leadId)))]);
    const first = new Map<
      string,
      { leadId: string; d: DueEnrolment; stored: readonly { streamPosition: bigint }[]; state: LeadPlans; step: PlanStep; since: string | null }
    >();
    const again: DueEnrolment[] = [];
    for (const d of due) {
      if (first.has(d.leadId)) {
        again.push(d);
        continue;
      }
      const stored = streams.get(leadPlansStream(d.leadId)) ?? [];
      const state = fold(enrolmentDecider, stored as unknown as EnrolmentEvent[]);
      const e = state.enrolments.get(d.enrolmentId);
      const step = e?.steps[d.index];
      if (e && step && e.status === 'active' && e.nextIndex === d.index) first.set(d.leadId, { leadId: d.leadId, d, stored, state, step, since: e.since });
    }
    const batch = [...first.values()];
    const facts = await stepFactsOf(this.store, this.pool, batch, now);
    let steps = 0;
    const attempt = async (run: () => Promise<boolean>, enrolmentId: string) => {
      try {
        if (await run()) steps++;
      } catch (err) {
        log.warn('a plan step failed; the next sweep tries again', { enrolmentId, error: (err as Error).message });
      }
    };
    // Every step decided on the state read, appended together in one atomic write (one commit for the tick's burst).
    const decided = batch.flatMap((b, i) => {
      const f = facts[i];
      const revision = b.stored.at(-1)?.streamPosition;
      const events = f && revision !== undefined ? runStepDecider.decide({ enrolmentId: b.d.enrolmentId, index: b.d.index, facts: f }, b.state) : [];
      return events.length
        ? [{ b, append: { streamId: leadPlansStream(b.leadId), expected: revision!, events: toNewEvents(events, systemContext(now, b.state.siteId)) } }]
        : [];
    });
    if (
      await appendTogether(
        this.store,
        decided.map((x) => x.append),
      )
    )
      steps += decided.length;
    else {
      // One lost race (another instance, a pause just recorded) loses the whole write: each step is decided again on a fresh read.
      await inParallel(
        decided.map(
          ({ b }) =>
            () =>
              attempt(() => this.runStep(b.leadId, b.d.enrolmentId, b.d.index, now), b.d.enrolmentId),
        ),
        STEP_CONCURRENCY,
        () => this.sweeper.isStopped,
      );
    }
    for (const d of again) if (!this.sweeper.isStopped) await attempt(() => this.runStep(d.leadId, d.enrolmentId, d.index, now), d.enrolmentId);
    return steps;
  }

  /** The queued triggers and pauses the read model has passed, turned into their enrol and pause rows (expand-work.ts). */
  private async expandAsked(): Promise<void> {
    try {
      while (!this.sweeper.isStopped && (await inTransaction(this.pool, (tx) => expandAskedWork(this.pool, tx, this.store, ASKED_BATCH))) === ASKED_BATCH);
    } catch (err) {
      log.warn('queued plan triggers or pauses could not be read; the next sweep tries again', { error: (err as Error).message });
    }
  }

  /**
   * The queued e-mail effects first, a batch at a time and set-based (applyEmailEffects): the
   * batch's rows are taken under their row locks and those done marked so in the same
   * transaction, as drainWork does one by one; a row left (a lost race, a failure) stays pending
   * for drainWork, and a crash leaves them all pending (the e-mails' ids make doing them again add nothing).
   */
  private async drainEmailEffects(now: Date): Promise<number> {
    let done = 0;
    try {
      while (!this.sweeper.isStopped) {
        const [taken, marked] = await inTransaction(this.pool, async (tx) => {
          const { rows } = await tx.query<WorkRow>(
            `SELECT ${WORK.columns} FROM ${WORK.table} WHERE state = 'pending' AND ${RETRY_DUE} AND ${READY} AND kind = 'effect' AND payload->'step'->>'kind' = 'email'
              ORDER BY ${WORK.order} LIMIT ${EMAIL_BATCH} FOR UPDATE SKIP LOCKED`,
          );
          if (rows.length === 0) return [0, 0];
          const ids = await applyEmailEffects(
            this.deps,
            rows.map((r) => ({ workId: r.work_id, leadId: r.lead_id, effect: r.payload as StepEffect })),
            now,
          );
          await tx.query(`UPDATE ${WORK.table} SET state = 'sent', sent_at = now() WHERE ${WORK.key} = ANY($1::uuid[])`, [ids]);
          return [rows.length, ids.length];
        });
        done += marked;
        if (taken < EMAIL_BATCH || marked === 0) break;
      }
    } catch (err) {
      log.warn('a batch of plan e-mails failed; they are tried one at a time', { error: (err as Error).message });
    }
    return done;
  }

  /** Queued work rows until none is left (or one fails: the next sweep tries again); each under its row lock, so takers never share one. */
  private async drainWork(now: Date): Promise<number> {
    let done = 0;
    while (!this.sweeper.isStopped) {
      const outcome = await sendOneFromOutbox<WorkRow, WorkRow>(
        this.pool,
        (row) => this.perform(row, now),
        WORK,
        async (row) => ({ message: row }),
        (row, err) => log.warn('plan work failed; it stays queued', { workId: row.work_id, kind: row.kind, error: err.message }),
      );
      if (outcome === 'none' || outcome === 'failed') break;
      done++;
    }
    return done;
  }

  private async perform(row: WorkRow, now: Date): Promise<void> {
    switch (row.kind) {
      case 'effect':
        return applyStepEffect(this.deps, row.lead_id, row.payload as StepEffect, now);
      case 'pause': {
        const p = row.payload as { enrolmentId: string; reason: PauseReason };
        await handleCommand(
          this.store,
          leadPlansStream(row.lead_id),
          enrolmentDecider,
          { kind: 'pause', enrolmentId: p.enrolmentId, reason: p.reason, byUserId: null },
          systemContext(now),
        );
        return;
      }
      case 'enrol': {
        const p = row.payload as { planId: string; triggerEventId: string };
        const plan = fold(planDecider, (await this.store.readStream(planStream(p.planId))) as unknown as PlanEvent[]);
        const { lead } = await loadLead(this.store, row.lead_id);
        if (!plan.exists || plan.archived || !lead.exists) return;
        await handleCommand(
          this.store,
          leadPlansStream(row.lead_id),
          enrolmentDecider,
          {
            kind: 'enrol',
            leadId: lead.leadId,
            siteId: lead.siteId,
            // The work row's id is derived from the trigger event and the plan: the same trigger enrols once.
            enrolmentId: row.work_id,
            plan: { planId: plan.planId, name: plan.definition.name, version: plan.version, steps: plan.definition.steps },
            byUserId: plan.ownerId,
            how: 'trigger',
            triggerEventId: p.triggerEventId,
            now: now.toISOString(),
          },
          systemContext(now, lead.siteId),
        );
        return;
      }
    }
  }

  /** Runs one due step if it still is (answers whether anything was recorded). */
  async runStep(leadId: string, enrolmentId: string, index: number, now: Date): Promise<boolean> {
    const state = fold(enrolmentDecider, (await this.store.readStream(leadPlansStream(leadId))) as unknown as EnrolmentEvent[]);
    const e = state.enrolments.get(enrolmentId);
    const step = e?.steps[index];
    if (!e || !step || e.status !== 'active' || e.nextIndex !== index) return false;
    const facts = await stepFacts(this.store, this.pool, leadId, step, e.since, now);
    if (!facts) return false;
    const r = await handleCommand(this.store, leadPlansStream(leadId), runStepDecider, { enrolmentId, index, facts }, systemContext(now, state.siteId));
    return r.events.length > 0;
  }
}
