import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import type { StarterCopyResult, StarterKitView } from '../../contract/starter-kit';
import { EventStore } from '../../eventstore/event-store.port';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { parseBody } from '../../http/parse-body';
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
export const STARTER_COPIES_PER_USER: RateLimit = { name: 'starter-copies-user', limit: 200, windowSeconds: 3600, message: 'You have copied starters too many times in the last hour. Please try again later.' };

const OfficeQuery = z.strictObject({ officeId: z.uuid({ error: 'officeId must be a broker id' }).optional() });
const CopyBody = z.strictObject({ officeId: z.uuid({ error: 'officeId must be a broker id' }).optional() });
const KEY = /^[a-z0-9-]{1,60}$/;

/**
 * The starter kit (issue 30 part 5): action plans and e-mail templates shipped with the product,
 * which the broker (or staff, for an office) copies into the office as ordinary office plans and
 * templates, through the plans' and templates' own commands.
 */
@Controller('api/dashboard/starter-kit')
export class StarterKitController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @ApiDoc({ summary: 'The starter plans and templates, and which the office already holds a copy of', tag: 'Action plans', access: 'agents, brokers, staff (officeId)', query: OfficeQuery, responses: { 200: '{plans, templates, copiedPlans, copiedTemplates}' } })
  @Get()
  async list(@Query() query: unknown, @Req() req: Request): Promise<StarterKitView> {
    const viewer = dashboardViewer(req);
    const { officeId } = parseBody(OfficeQuery, query);
    const office = await viewedOffice(this.store, viewer, officeId);
    const copies = office ? await officeCopies(this.store, office) : { plans: {}, templates: {} };
    return { plans: STARTER_PLANS, templates: STARTER_TEMPLATES, copiedPlans: copies.plans, copiedTemplates: copies.templates };
  }

  @ApiDoc({ summary: 'Copy a starter plan (and the templates it sends) into the office; a repeat answers the copy already made', tag: 'Action plans', access: 'brokers, staff (officeId)', body: CopyBody, responses: { 200: '{id, created}', 403: 'an agent', 404: 'no such starter' } })
  @Post('plans/:key/copy')
  @HttpCode(200)
  async copyPlan(@Param('key') key: string, @Body() body: unknown, @Req() req: Request): Promise<StarterCopyResult> {
    const { viewer, office } = await this.writer(req, body);
    return copyStarterPlan(this.store, office, this.key(key), viewer.userId, commandContextOf(req));
  }

  @ApiDoc({ summary: 'Copy a starter e-mail template into the office; a repeat answers the copy already made', tag: 'Action plans', access: 'brokers, staff (officeId)', body: CopyBody, responses: { 200: '{id, created}', 403: 'an agent', 404: 'no such starter', 409: 'the office has a template of that name' } })
  @Post('templates/:key/copy')
  @HttpCode(200)
  async copyTemplate(@Param('key') key: string, @Body() body: unknown, @Req() req: Request): Promise<StarterCopyResult> {
    const { viewer, office } = await this.writer(req, body);
    return copyStarterTemplate(this.store, office, this.key(key), viewer.userId, commandContextOf(req));
  }

  private key(key: string): string {
    if (!KEY.test(key)) throw validation('A starter key is lower-case letters, digits and dashes');
    return key;
  }

  /** The office a copy goes to: the broker's own; staff name one (a broker). */
  private async writer(req: Request, body: unknown): Promise<{ viewer: Viewer; office: string }> {
    const viewer = dashboardViewer(req);
    const { officeId } = parseBody(CopyBody, body ?? {});
    if (viewer.role === 'agent') throw forbidden(ONLY_BROKER_COPIES);
    if (viewer.role === 'staff' && !officeId) throw validation(OFFICE_ID_REQUIRED);
    await this.limiter.enforce(STARTER_COPIES_PER_USER, viewer.userId);
    return { viewer, office: (await viewedOffice(this.store, viewer, officeId))! };
  }
}
