import { Body, Controller, Inject, Param, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { commandContextOf } from '../../../commands/request-context';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { DB_POOL } from '../../../runtime/tokens';
import { notFound } from '../../../shared/errors';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { isLeadId, patchLead } from '../../leads';
import { ApiKeyGuard } from '../v1/api-key.guard';
import { findLeadSoon } from './find-lead-soon';
import { withDecided } from './v1-lead';

@Controller()
@UseGuards(ApiKeyGuard)
export class V1UpdateLeadController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /** The dashboard's own PATCH command (stage against the pipeline, tags, reassignment by who may), as the key's maker. */
  @Route(contract.v1.updateLead)
  async update(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.v1.updateLead>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId)) throw notFound('No such lead');
    const lead = await patchLead(this.store, viewer, leadId, input, commandContextOf(req));
    // Scope was checked on the stream; the row is read unscoped, as it may not show this change yet.
    const row = await findLeadSoon(this.pool, this.store, { userId: viewer.userId, role: 'staff' }, leadId);
    if (!row) throw notFound('No such lead');
    return withDecided(row, lead);
  }
}
