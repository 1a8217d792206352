import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { plansOwnedBy } from '../../../../projections/action-plans';
import { templateById } from '../../../../projections/email-templates';
import { DB_POOL } from '../../../runtime/tokens';
import { fold } from '../../../commands/decider';
import type { PlanStep } from '../../../contract/plans';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { RateLimiter, type RateLimit } from '../../../http/rate-limiter';
import { forbidden, notFound, validation } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer, type Viewer } from '../../../shared/viewer/viewer';
import { viewedOffice } from '../../../shared/viewer/viewer-office';
import { mayEdit, officeOf, ownersVisibleTo } from '../plan-access/plan-access';
import { type PlanEvent, planStream } from '../plans.events';
import { type PlanCommand, planDecider } from './save-plan.decide';
import { SavePlanCommand } from './save-plan.command';

export const ONLY_BROKER_OFFICE_PLANS = 'Only the broker or staff change office plans';
export const OFFICE_ID_REQUIRED = 'officeId is required: which office (its broker) the plan is for';
export const TEMPLATE_NOT_USABLE = 'E-mail template not found';

/** Plans are written by hand in the editor: far above this is a script. */
export const PLAN_WRITES_PER_USER: RateLimit = {
  name: 'plans-user',
  limit: 600,
  windowSeconds: 3600,
  message: 'You have changed plans too many times in the last hour. Please try again later.',
};

/**
 * Action plans (issue 19 part 1): an office's plans (its broker's, also changed by staff) and each
 * user's personal ones. Everyone in the office sees and uses the office's; a personal plan only its
 * owner. Someone else's plan is not found (404), never forbidden.
 */
@Controller()
export class PlansController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  /** 404: officeId is not a broker. */
  @Route(contract.plans.list)
  async list(@Query() { officeId }: QueryOf<typeof contract.plans.list>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    // Staff who picked an office see its plans and their own (as with its e-mail templates); the others' office is theirs whatever they ask.
    const office = viewer.role === 'staff' && officeId ? await viewedOffice(this.store, viewer, officeId) : null;
    const plans = await plansOwnedBy(this.pool, office ? [viewer.userId, office] : ownersVisibleTo(viewer));
    return { plans: plans.map((p) => ({ ...p, editable: mayEdit(viewer, p) })) };
  }

  @Route(contract.plans.create)
  async create(@Body() input: BodyOf<typeof contract.plans.create>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    await this.limiter.enforce(PLAN_WRITES_PER_USER, viewer.userId);
    const ownerId = input.scope === 'personal' ? viewer.userId : await this.officeToWrite(viewer, input.officeId);
    await this.checkTemplates(input.steps, input.scope === 'office' ? ownerId : officeOf(viewer), input.scope === 'personal' ? ownerId : null);
    const planId = newId();
    await this.run(req, planId, {
      kind: 'create',
      planId,
      scope: input.scope,
      ownerId,
      byUserId: viewer.userId,
      name: input.name,
      steps: input.steps,
      triggers: input.triggers,
    });
    return { planId };
  }

  /** 404: not theirs or archived. */
  @Route(contract.plans.edit)
  async edit(@Param('planId') planId: string, @Body() input: BodyOf<typeof contract.plans.edit>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    await this.limiter.enforce(PLAN_WRITES_PER_USER, viewer.userId);
    // The plan as its stream says (a read model a moment behind a create would skip the check).
    if (!z.uuid().safeParse(planId).success) throw notFound();
    const current = fold(planDecider, (await this.store.readStream(planStream(planId))) as unknown as PlanEvent[]);
    if (current.exists && mayEdit(viewer, current))
      await this.checkTemplates(
        input.steps,
        current.scope === 'office' ? current.ownerId : officeOf(viewer),
        current.scope === 'personal' ? current.ownerId : null,
      );
    await this.run(req, planId, { kind: 'edit', planId, byUserId: viewer.userId, mayEdit: (p) => mayEdit(viewer, p), ...input });
    return { planId };
  }

  @Route(contract.plans.archive)
  async archive(@Param('planId') planId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    await this.limiter.enforce(PLAN_WRITES_PER_USER, viewer.userId);
    await this.run(req, planId, { kind: 'archive', planId, byUserId: viewer.userId, mayEdit: (p) => mayEdit(viewer, p) });
    return { planId };
  }

  private async run(req: Request, planId: string, c: PlanCommand): Promise<void> {
    if (!z.uuid().safeParse(planId).success) throw notFound();
    await this.commands.execute(new SavePlanCommand(planStream(planId), c, commandContextOf(req)));
  }

  /** The office an office plan is written for: the broker's own; staff name one, which must be a broker (else 404, as for its e-mail templates). */
  private async officeToWrite(viewer: Viewer, officeId: string | undefined): Promise<string> {
    if (viewer.role === 'broker') return viewer.userId;
    if (viewer.role === 'staff') {
      if (!officeId) throw validation(OFFICE_ID_REQUIRED);
      return (await viewedOffice(this.store, viewer, officeId))!;
    }
    throw forbidden(ONLY_BROKER_OFFICE_PLANS);
  }

  /** Each e-mail step's template must be the office's, or (a personal plan) its owner's own. */
  private async checkTemplates(steps: readonly PlanStep[], office: string | null, personalOwner: string | null): Promise<void> {
    for (const s of steps) {
      if (s.kind !== 'email') continue;
      const t = z.uuid().safeParse(s.templateId).success ? await templateById(this.pool, s.templateId) : null;
      const usable = t && (t.scope === 'office' ? t.ownerId === office : t.ownerId === personalOwner);
      if (!usable) throw validation(TEMPLATE_NOT_USABLE);
    }
  }
}
