import { Body, Controller, Get, Inject, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { behaviourAlertsFor } from '../../../projections/behaviour-alerts';
import { DB_POOL } from '../../app/tokens';
import { handleCommand } from '../../commands/handle-command';
import type { BehaviourAlertView, BehaviourThresholds, BehaviourThresholdsView } from '../../contract/behaviour-alerts';
import { EventStore } from '../../eventstore/event-store.port';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { parseBody } from '../../http/parse-body';
import { type RateLimit, RateLimiter } from '../../http/rate-limiter';
import { forbidden, validation } from '../../shared/errors';
import { isUuid } from '../../shared/ids';
import { commandContextOf } from '../../commands/request-context';
import { dashboardViewer, type Viewer } from '../../shared/viewer/viewer';
import { leadInScope } from '../leads';
import { viewedOffice } from '../../shared/viewer/viewer-office';
import { behaviourThresholdsStream } from './behaviour.events';
import { thresholdsDecider } from './thresholds/change-thresholds.decide';
import { thresholdsOf } from './thresholds/thresholds-of';

const READS: RateLimit = { name: 'behaviour-alerts-read', limit: 600, windowSeconds: 60, message: 'Too many alert requests; try again in a minute' };
const WRITES: RateLimit = { name: 'behaviour-thresholds-write', limit: 20, windowSeconds: 3600, message: 'Too many changes to the alert thresholds; try again later' };
export const ONLY_BROKERS_CHANGE_THRESHOLDS = 'Only a broker or staff can change the alert thresholds';
export const SCOPE_REQUIRED = 'scope is required: the office’s broker id';

const whole = z.number({ error: 'Every threshold needs a number' });
const Thresholds = z.strictObject({ returnAfterDays: whole, sameHomeViews: whole, homesPerDay: whole, alertOpenMinutes: whole });
const ThresholdsBody = z.strictObject({ thresholds: Thresholds, scope: z.string().optional() });
const ScopeQuery = z.strictObject({ scope: z.string().optional() });
const LIMIT = 'limit must be a whole number from 1 to 200';
const AlertsQuery = z.strictObject({ leadId: z.string().optional(), limit: z.coerce.number({ error: LIMIT }).int({ error: LIMIT }).min(1, { error: LIMIT }).max(200, { error: LIMIT }).optional() });

/** Whose thresholds a viewer reads or changes: a broker's office's, an agent's office's, staff an office's by `scope` (a broker's id). */
async function officeOf(store: EventStore, viewer: Viewer, asked: string | undefined): Promise<string | null> {
  if (viewer.role === 'staff' && (asked === undefined || !isUuid(asked))) throw validation(SCOPE_REQUIRED);
  return viewedOffice(store, viewer, asked?.toLowerCase());
}

/**
 * Behaviour alerts (issue 19 part 2): the alerts the viewer is told of, and an office's
 * thresholds, which its broker (or staff) changes: an event, applied from the lead's next doing.
 */
@Controller('api/dashboard')
export class BehaviourController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @ApiDoc({
    summary: 'The newest behaviour alerts the viewer is told of (one lead’s with leadId)',
    tag: 'Working a lead',
    access: 'agents (their own), brokers (their office), staff (all)',
    responses: { 200: '{alerts:[{alertId, leadId, leadName, kind, reason, agentId, at}]}', 404: 'leadId not a lead of yours' },
  })
  @Get('behaviour-alerts')
  async alerts(@Query() query: unknown, @Req() req: Request): Promise<{ alerts: BehaviourAlertView[] }> {
    const viewer = dashboardViewer(req);
    await this.limiter.enforce(READS, viewer.userId);
    const q = parseBody(AlertsQuery, query);
    if (q.leadId !== undefined) await leadInScope(this.store, req, q.leadId);
    return { alerts: await behaviourAlertsFor(this.pool, viewer, { ...(q.leadId ? { leadId: q.leadId } : {}), limit: q.limit ?? 50 }) };
  }

  @ApiDoc({ summary: 'The behaviour-alert thresholds of the viewer’s office (staff: ?scope=<broker id>)', tag: 'Working a lead', access: 'agents (read), brokers, staff', responses: { 200: '{scope, version, thresholds, changedBy, changedAt}' } })
  @Get('behaviour-thresholds')
  async thresholds(@Query() query: unknown, @Req() req: Request): Promise<BehaviourThresholdsView> {
    const viewer = dashboardViewer(req);
    await this.limiter.enforce(READS, viewer.userId);
    const office = await officeOf(this.store, viewer, parseBody(ScopeQuery, query).scope);
    const s = await thresholdsOf(this.store, office);
    return { scope: office ?? 'default', version: s.version, thresholds: s.thresholds, changedBy: s.byUserId, changedAt: s.changedAt };
  }

  @ApiDoc({
    summary: 'Change an office’s behaviour-alert thresholds (a new version, from the lead’s next doing on)',
    tag: 'Working a lead',
    access: 'brokers (their office), staff (an office by scope)',
    body: ThresholdsBody,
    responses: { 200: '{scope, version, thresholds, changedBy, changedAt}', 400: 'a threshold out of bounds', 403: 'agents' },
  })
  @Put('behaviour-thresholds')
  async change(@Body() body: unknown, @Req() req: Request): Promise<BehaviourThresholdsView> {
    const viewer = dashboardViewer(req);
    if (viewer.role === 'agent') throw forbidden(ONLY_BROKERS_CHANGE_THRESHOLDS);
    const b = parseBody(ThresholdsBody, body);
    const office = (await officeOf(this.store, viewer, b.scope))!;
    await this.limiter.enforce(WRITES, viewer.userId);
    await handleCommand(this.store, behaviourThresholdsStream(office), thresholdsDecider, { scope: office, thresholds: b.thresholds as BehaviourThresholds, byUserId: viewer.userId }, commandContextOf(req));
    const s = await thresholdsOf(this.store, office);
    return { scope: office, version: s.version, thresholds: s.thresholds, changedBy: s.byUserId, changedAt: s.changedAt };
  }
}
