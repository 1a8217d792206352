import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { BodyOf, QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { EventStore } from '../../eventstore/event-store.port';
import { Route } from '../../http/contract/route.decorator';
import { RateLimiter, type RateLimit } from '../../http/rate-limiter';
import { forbidden, validation } from '../../shared/errors';
import { commandContextOf } from '../../commands/request-context';
import { dashboardViewer, type Viewer } from '../../shared/viewer/viewer';
import { viewedOffice } from '../../shared/viewer/viewer-office';
import { copyStarterPlan, copyStarterTemplate, officeCopies } from './copy-starter';
import { STARTER_PLANS, STARTER_TEMPLATES } from './starter-kit.data';

export const ONLY_BROKER_COPIES = 'Only the broker or staff copy starters into the office';
export const OFFICE_ID_REQUIRED = 'officeId is required: which office (its broker) to copy into';
/** Copies are made by a click; far above this is a script. */
export const STARTER_COPIES_PER_USER: RateLimit = {
  name: 'starter-copies-user',
  limit: 200,
  windowSeconds: 3600,
  message: 'You have copied starters too many times in the last hour. Please try again later.',
};

const KEY = /^[a-z0-9-]{1,60}$/;

/**
 * The starter kit (issue 30 part 5): action plans and e-mail templates shipped with the product,
 * which the broker (or staff, for an office) copies into the office as ordinary office plans and
 * templates, through the plans' and templates' own commands.
 */
@Controller()
export class StarterKitController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Route(contract.starterKit.list)
  async list(@Query() { officeId }: QueryOf<typeof contract.starterKit.list>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const office = await viewedOffice(this.store, viewer, officeId);
    const copies = office ? await officeCopies(this.store, office) : { plans: {}, templates: {} };
    return { plans: STARTER_PLANS, templates: STARTER_TEMPLATES, copiedPlans: copies.plans, copiedTemplates: copies.templates };
  }

  /** 403: an agent; 404: no such starter. */
  @Route(contract.starterKit.copyPlan)
  async copyPlan(@Param('key') key: string, @Body() { officeId }: BodyOf<typeof contract.starterKit.copyPlan>, @Req() req: Request) {
    const { viewer, office } = await this.writer(req, officeId);
    return copyStarterPlan(this.store, office, this.key(key), viewer.userId, commandContextOf(req));
  }

  /** 403: an agent; 404: no such starter; 409: the office has a template of that name. */
  @Route(contract.starterKit.copyTemplate)
  async copyTemplate(@Param('key') key: string, @Body() { officeId }: BodyOf<typeof contract.starterKit.copyTemplate>, @Req() req: Request) {
    const { viewer, office } = await this.writer(req, officeId);
    return copyStarterTemplate(this.store, office, this.key(key), viewer.userId, commandContextOf(req));
  }

  private key(key: string): string {
    if (!KEY.test(key)) throw validation('A starter key is lower-case letters, digits and dashes');
    return key;
  }

  /** The office a copy goes to: the broker's own; staff name one (a broker). */
  private async writer(req: Request, officeId: string | undefined): Promise<{ viewer: Viewer; office: string }> {
    const viewer = dashboardViewer(req);
    if (viewer.role === 'agent') throw forbidden(ONLY_BROKER_COPIES);
    if (viewer.role === 'staff' && !officeId) throw validation(OFFICE_ID_REQUIRED);
    await this.limiter.enforce(STARTER_COPIES_PER_USER, viewer.userId);
    return { viewer, office: (await viewedOffice(this.store, viewer, officeId))! };
  }
}
