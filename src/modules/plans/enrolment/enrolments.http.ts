import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { enrolmentsOfLead } from '../../../../projections/action-plans';
import { templateById } from '../../../../projections/email-templates';
import { DB_POOL } from '../../../runtime/tokens';
import type { CommandContext } from '../../../commands/command-context';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { RateLimiter } from '../../../http/rate-limiter';
import { AppError, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { stableId } from '../../../shared/stable-id';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount } from '../../accounts';
import { dashboardViewer, mayView, type Viewer } from '../../../shared/viewer/viewer';
import { isLeadId, type Lead, loadLead } from '../../leads';
import { leadMergeValues } from '../../conversation';
import { SiteResolver } from '../../sites';
import { type ExistingPlan, usablePlan } from '../plan-access/plan-access';
import { leadPlansStream } from '../plans.events';
import { previewPlan, type TemplateText } from '../preview-plan/preview-plan';
import { messageSender } from '../run-steps/step-effects';
import { stepFacts } from '../run-steps/step-facts';
import { PLAN_WRITES_PER_USER } from '../save-plan/plans.http';
import { type EnrolmentCommand } from './enrol.decide';
import { ChangeEnrolmentCommand } from './enrol.command';

export const PLAN_NOT_OF_OFFICE = "This plan is not one of this lead's office";
export const LEAD_NOT_FOUND = 'Lead not found';

const ACTIONS = ['pause', 'resume', 'stop'] as const;

type ExistingLead = Extract<Lead, { exists: true }>;

/**
 * Enrolling leads on plans (by hand, in bulk), previewing what a lead would get, and a lead's
 * enrolments with their step logs (pause, resume, stop). The lead is scoped like the dashboard
 * (agent own, broker office, staff all; else 404; leads 403), the plan like the plans list.
 */
@Controller()
export class EnrolmentsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
  ) {}

  @Route(contract.plans.enrol)
  async enrol(@Param('planId') planId: string, @Body() input: BodyOf<typeof contract.plans.enrol>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    await this.limiter.enforce(PLAN_WRITES_PER_USER, viewer.userId);
    const plan = await this.plan(viewer, planId);
    const lead = await this.lead(viewer, input.leadId);
    const enrolmentId = input.enrolmentId ?? newId();
    await this.enrolOne(req, viewer, plan, lead, enrolmentId, 'hand');
    return { enrolmentId };
  }

  @Route(contract.plans.enrolBulk)
  async enrolBulk(@Param('planId') planId: string, @Body() input: BodyOf<typeof contract.plans.enrolBulk>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    await this.limiter.enforce(PLAN_WRITES_PER_USER, viewer.userId);
    const plan = await this.plan(viewer, planId);
    const request = input.requestId ?? newId();
    let enrolled = 0;
    const skipped: { leadId: string; reason: string }[] = [];
    for (const leadId of new Set(input.leadIds)) {
      try {
        const lead = await this.lead(viewer, leadId);
        // Derived from the request and the lead: the same bulk request again enrols nobody twice.
        if (await this.enrolOne(req, viewer, plan, lead, stableId(`bulk enrol ${request} ${leadId}`), 'bulk')) enrolled++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        skipped.push({ leadId, reason: err.code === 'not_found' ? LEAD_NOT_FOUND : err.message });
      }
    }
    return { enrolled, skipped };
  }

  @Route(contract.plans.preview)
  async preview(@Param('planId') planId: string, @Body() { leadId }: BodyOf<typeof contract.plans.preview>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const plan = await this.plan(viewer, planId);
    const lead = await this.lead(viewer, leadId);
    const steps = plan.definition.steps;
    const facts = await stepFacts(this.store, this.pool, leadId, steps[0]!, null, new Date());
    if (!facts) throw notFound(LEAD_NOT_FOUND);
    const templates = new Map<string, TemplateText>();
    for (const s of steps) {
      if (s.kind !== 'email' || templates.has(s.templateId)) continue;
      const t = await templateById(this.pool, s.templateId);
      if (t) templates.set(s.templateId, t);
    }
    const [{ account }, { account: sender }, site] = await Promise.all([
      loadAccount(this.store, lead.userId),
      loadAccount(this.store, messageSender(lead, viewer.userId)),
      this.sites.byId(lead.siteId),
    ]);
    const values = leadMergeValues({
      leadFullName: lead.fullName,
      registered: account.exists ? account : null,
      sender: sender.exists ? sender : null,
      siteName: site?.name ?? '',
      listing: null,
    });
    return { leadId, steps: previewPlan(steps, facts, values, templates) };
  }

  @Route(contract.plans.ofLead)
  async ofLead(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    await this.lead(viewer, leadId);
    return { enrolments: await enrolmentsOfLead(this.pool, leadId) };
  }

  @Route(contract.plans.act)
  async act(@Param('leadId') leadId: string, @Param('enrolmentId') enrolmentId: string, @Param('action') action: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const act = (ACTIONS as readonly string[]).includes(action) ? (action as (typeof ACTIONS)[number]) : null;
    if (!act || !z.uuid().safeParse(enrolmentId).success) throw notFound();
    await this.limiter.enforce(PLAN_WRITES_PER_USER, viewer.userId);
    await this.lead(viewer, leadId);
    const now = new Date().toISOString();
    const c: EnrolmentCommand =
      act === 'pause'
        ? { kind: 'pause', enrolmentId, reason: 'by-hand', byUserId: viewer.userId }
        : act === 'resume'
          ? { kind: 'resume', enrolmentId, byUserId: viewer.userId, now }
          : { kind: 'stop', enrolmentId, byUserId: viewer.userId };
    await this.commands.execute(new ChangeEnrolmentCommand(leadPlansStream(leadId), c, commandContextOf(req)));
    return { enrolmentId };
  }

  private plan(viewer: Viewer, planId: string): Promise<ExistingPlan> {
    if (!z.uuid().safeParse(planId).success) throw notFound();
    return usablePlan(this.store, viewer, planId);
  }

  private async lead(viewer: Viewer, leadId: string): Promise<ExistingLead> {
    if (!isLeadId(leadId)) throw notFound(LEAD_NOT_FOUND);
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !mayView(viewer, lead)) throw notFound(LEAD_NOT_FOUND);
    return lead;
  }

  /** An office plan is for the leads of its office; a personal plan for any lead its owner works. Answers whether the lead was enrolled now. */
  private async enrolOne(req: Request, viewer: Viewer, plan: ExistingPlan, lead: ExistingLead, enrolmentId: string, how: 'hand' | 'bulk'): Promise<boolean> {
    if (plan.scope === 'office' && lead.officeId !== plan.ownerId) throw new AppError('validation', PLAN_NOT_OF_OFFICE);
    const ctx: CommandContext = commandContextOf(req);
    const r = await this.commands.execute(
      new ChangeEnrolmentCommand(
        leadPlansStream(lead.leadId),
        {
          kind: 'enrol',
          leadId: lead.leadId,
          siteId: lead.siteId,
          enrolmentId,
          plan: { planId: plan.planId, name: plan.definition.name, version: plan.version, steps: plan.definition.steps },
          byUserId: viewer.userId,
          how,
          triggerEventId: null,
          now: ctx.now.toISOString(),
        },
        ctx,
      ),
    );
    return r.events.length > 0;
  }
}
