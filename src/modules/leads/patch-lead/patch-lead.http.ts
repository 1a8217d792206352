import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { contractLead, findLead } from '../../../../projections/lead-feed';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { isLeadId } from '../load-lead';
import { patchLead } from './patch-lead.handler';

@Controller()
export class PatchLeadController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /**
   * Contract 5a: `{stage?, tags?, fullName?, email?, phone?, assignedAgentId?}` → 200 the lead.
   * The answer is the list's row with what this change decided on top (the read model may not
   * have applied it yet).
   */
  @Route(contract.leads.patch)
  async patch(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.leads.patch>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId)) throw notFound();
    const { fullName, email, phone, ...rest } = input;
    const contact = fullName === undefined && email === undefined && phone === undefined ? undefined : { fullName, email, phone };
    const lead = await patchLead(this.store, viewer, leadId, { ...rest, ...(contact ? { contact } : {}) }, commandContextOf(req));
    // The scope was checked on the stream (strongly consistent); the row is read unscoped, as the
    // read model may not have applied this very change (a reassignment) yet.
    const row = await findLead(this.pool, { userId: viewer.userId, role: 'staff' }, leadId);
    if (!row) throw notFound();
    return {
      ...contractLead(row),
      fullName: lead.fullName,
      email: lead.email,
      phone: lead.phone,
      assignedAgentId: lead.agentId,
      stage: lead.stage,
      tags: lead.tags,
      inPond: lead.inPond,
    };
  }
}
