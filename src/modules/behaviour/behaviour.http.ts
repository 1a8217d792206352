import { Body, Controller, Inject, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { behaviourAlertsFor } from '../../../projections/behaviour-alerts';
import { DB_POOL } from '../../runtime/tokens';
import type { BehaviourAlertView, BehaviourThresholds, BehaviourThresholdsView } from '../../contract/behaviour-alerts';
import type { BodyOf, QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { EventStore } from '../../eventstore/event-store.port';
import { Route } from '../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../http/rate-limiter';
import { forbidden, validation } from '../../shared/errors';
import { isUuid } from '../../shared/ids';
import { commandContextOf } from '../../commands/request-context';
import { dashboardViewer, type Viewer } from '../../shared/viewer/viewer';
import { leadInScope } from '../leads';
import { viewedOffice } from '../../shared/viewer/viewer-office';
import { behaviourThresholdsStream } from './behaviour.events';
import { thresholdsOf } from './thresholds/thresholds-of';
import { ThresholdsCommand } from './thresholds/change-thresholds.command';

const READS: RateLimit = { name: 'behaviour-alerts-read', limit: 600, windowSeconds: 60, message: 'Too many alert requests; try again in a minute' };
const WRITES: RateLimit = {
  name: 'behaviour-thresholds-write',
  limit: 20,
  windowSeconds: 3600,
  message: 'Too many changes to the alert thresholds; try again later',
};
export const ONLY_BROKERS_CHANGE_THRESHOLDS = 'Only a broker or staff can change the alert thresholds';
export const SCOPE_REQUIRED = 'scope is required: the office’s broker id';

/** Whose thresholds a viewer reads or changes: a broker's office's, an agent's office's, staff an office's by `scope` (a broker's id). */
async function officeOf(store: EventStore, viewer: Viewer, asked: string | undefined): Promise<string | null> {
  if (viewer.role === 'staff' && (asked === undefined || !isUuid(asked))) throw validation(SCOPE_REQUIRED);
  return viewedOffice(store, viewer, asked?.toLowerCase());
}

/**
 * Behaviour alerts (issue 19 part 2): the alerts the viewer is told of, and an office's
 * thresholds, which its broker (or staff) changes: an event, applied from the lead's next doing.
 */
@Controller()
export class BehaviourController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Route(contract.behaviour.alerts)
  async alerts(@Query() q: QueryOf<typeof contract.behaviour.alerts>, @Req() req: Request): Promise<{ alerts: BehaviourAlertView[] }> {
    const viewer = dashboardViewer(req);
    await this.limiter.enforce(READS, viewer.userId);
    if (q.leadId !== undefined) await leadInScope(this.store, req, q.leadId);
    return { alerts: await behaviourAlertsFor(this.pool, viewer, { ...(q.leadId ? { leadId: q.leadId } : {}), limit: q.limit ?? 50 }) };
  }

  @Route(contract.behaviour.thresholds)
  async thresholds(@Query() q: QueryOf<typeof contract.behaviour.thresholds>, @Req() req: Request): Promise<BehaviourThresholdsView> {
    const viewer = dashboardViewer(req);
    await this.limiter.enforce(READS, viewer.userId);
    const office = await officeOf(this.store, viewer, q.scope);
    const s = await thresholdsOf(this.store, office);
    return { scope: office ?? 'default', version: s.version, thresholds: s.thresholds, changedBy: s.byUserId, changedAt: s.changedAt };
  }

  @Route(contract.behaviour.changeThresholds)
  async change(@Body() b: BodyOf<typeof contract.behaviour.changeThresholds>, @Req() req: Request): Promise<BehaviourThresholdsView> {
    const viewer = dashboardViewer(req);
    if (viewer.role === 'agent') throw forbidden(ONLY_BROKERS_CHANGE_THRESHOLDS);
    const office = (await officeOf(this.store, viewer, b.scope))!;
    await this.limiter.enforce(WRITES, viewer.userId);
    await this.commands.execute(
      new ThresholdsCommand(
        behaviourThresholdsStream(office),
        { scope: office, thresholds: b.thresholds as BehaviourThresholds, byUserId: viewer.userId },
        commandContextOf(req),
      ),
    );
    const s = await thresholdsOf(this.store, office);
    return { scope: office, version: s.version, thresholds: s.thresholds, changedBy: s.byUserId, changedAt: s.changedAt };
  }
}
