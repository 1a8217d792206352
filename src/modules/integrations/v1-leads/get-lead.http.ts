import { Controller, Inject, Param, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { loadLead } from '../../leads';
import { ApiKeyGuard } from '../v1/api-key.guard';
import { v1LeadOf } from './v1-lead';

@Controller()
@UseGuards(ApiKeyGuard)
export class V1GetLeadController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  /** The lead as it is now (the write side), when the key's maker may see it; else 404, as for any lead not there. */
  @Route(contract.v1.getLead)
  async get(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !mayView(viewer, lead)) throw notFound('No such lead');
    return v1LeadOf(lead);
  }
}
