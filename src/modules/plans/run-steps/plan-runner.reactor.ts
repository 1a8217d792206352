import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type DueEnrolment, dueEnrolments, PLANS_SIGNAL } from '../../../../projections/action-plans';
import type { Runtime } from '../../../app/runtime';
import { type Schedule, SweptReactor } from '../../../app/swept-reactor';
import { DB_POOL, RUNTIME } from '../../../app/tokens';
import { fold } from '../../../commands/decider';
import { systemContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import type { PauseReason } from '../../../contract/plans';
import { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { loadLead, SiteNumbers } from '../../leads';
import { sendOneFromOutbox, SmsSender } from '../../messaging';
import { SiteResolver } from '../../sites';
import { enrolmentDecider } from '../enrolment/enrol.decide';
import { type EnrolmentEvent, leadPlansStream, type PlanEvent, planStream } from '../plans.events';
import { planDecider } from '../save-plan/save-plan.decide';
import { runStepDecider } from './run-step.decide';
import { applyStepEffect, type EffectDeps, type StepEffect } from './step-effects';
import { stepFacts } from './step-facts';

const log = logger('plans');

type WorkRow = { work_id: string; kind: 'enrol' | 'pause' | 'effect'; lead_id: string; payload: unknown };
/** Taken oldest first under row locks; a row failing 10 times is given up ('failed'). */
const WORK = { table: 'plan_work', key: 'work_id', columns: 'work_id, kind, lead_id, payload', order: 'attempts, queued_at, work_id', maxAttempts: 10 };
const DUE_BATCH = 200;
/** Work rows and leads handled at once by one runner (each holds a pooled connection while it works). */
const CONCURRENCY = 4;

/**
 * The action plans' process manager (issue 19 part 1), on every instance. Each sweep first does
 * the work the action_plans projection queued in plan_work from the log (pauses first among
 * what is oldest: enrol a lead a trigger matched, pause a lead's enrolments, do a recorded step's
 * effect), each row under its row lock and marked done in the same transaction (another instance
 * skips it; a crash leaves it pending, and the effect's ids make doing it again add nothing). Then
 * it runs the steps that are due: the facts are read at that moment (consent, stage, tags, a
 * reply in the lead's own streams) and the step decided on the lead's plans stream, where the
 * stream's revision and the step's stable id let one instance, once, record it. Woken by the
 * projection's signal; swept every second (another instance's signals never arrive).
 */
@Injectable()
export class PlanRunner extends SweptReactor {
  private readonly deps: EffectDeps;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SmsSender) sms: SmsSender,
    @Inject(SiteNumbers) numbers: SiteNumbers,
    @Inject(SiteResolver) sites: SiteResolver,
  ) {
    super();
    this.deps = { store, pool, sms, numbers, sites };
  }

  protected schedule(): Schedule {
    return { name: 'action plans', everyMs: 1000, signal: { name: PLANS_SIGNAL, runtime: this.runtime } };
  }

  protected onSweep(): Promise<unknown> {
    return this.run(new Date());
  }

  /** One sweep: the queued work, then the due steps, a few at once (rows and leads are independent). Answers how many of each were done. */
  async run(now: Date): Promise<{ readonly work: number; readonly steps: number }> {
    const work = (await Promise.all(Array.from({ length: CONCURRENCY }, () => this.drainWork(now)))).reduce((a, b) => a + b, 0);
    const due = await dueEnrolments(this.pool, now, DUE_BATCH);
    let steps = 0;
    // Each lead's steps by one hand: a lead's stream is decided on in order, other leads at once.
    const groups = new Map<string, DueEnrolment[]>();
    for (const d of due) groups.set(d.leadId, [...(groups.get(d.leadId) ?? []), d]);
    const byLead = [...groups.values()];
    const next = () => byLead.shift();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let lead = next(); lead && !this.sweeper.isStopped; lead = next()) {
          for (const d of lead) {
            try {
              if (await this.runStep(d.leadId, d.enrolmentId, d.index, now)) steps++;
            } catch (err) {
              log.warn('a plan step failed; the next sweep tries again', { enrolmentId: d.enrolmentId, error: (err as Error).message });
            }
          }
        }
      }),
    );
    return { work, steps };
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
        await handleCommand(this.store, leadPlansStream(row.lead_id), enrolmentDecider, { kind: 'pause', enrolmentId: p.enrolmentId, reason: p.reason, byUserId: null }, systemContext(now));
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
