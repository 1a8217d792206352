import { Controller, Inject, Param, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { EventStore } from '../../../eventstore/event-store.port';
import { DB_POOL } from '../../../runtime/tokens';
import { notFound } from '../../../shared/errors';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { isLeadId } from '../../leads';
import { ApiKeyGuard } from '../v1/api-key.guard';
import { findLeadSoon } from './find-lead-soon';
import { v1LeadOf } from './v1-lead';

@Controller()
@UseGuards(ApiKeyGuard)
export class V1GetLeadController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /** A lead the key's maker may see (the dashboard's scope); any other is 404, as a lead not there. */
  @Route(contract.v1.getLead)
  async get(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const row = isLeadId(leadId) ? await findLeadSoon(this.pool, this.store, viewer, leadId) : undefined;
    if (!row) throw notFound('No such lead');
    return v1LeadOf(row);
  }
}
