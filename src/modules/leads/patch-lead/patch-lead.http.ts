import { Body, Controller, HttpCode, Inject, Param, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { contractLead, findLead } from '../../../../projections/lead-feed';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import { parseBody } from '../../../http/parse-body';
import { notFound } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { isLeadId } from '../load-lead';
import { patchLead } from './patch-lead.handler';

/** Lengths here only keep requests small; the deciders apply the product's rules and messages. */
const PatchBody = z.strictObject({
  stage: z.string().max(200).optional(),
  tags: z.array(z.string().max(200)).max(100).optional(),
  fullName: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(40).nullable().optional(),
  assignedAgentId: z.uuid({ error: 'assignedAgentId is not an id' }).optional(),
});

@Controller('api/dashboard/leads')
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
  @Patch(':leadId')
  @HttpCode(200)
  async patch(@Param('leadId') leadId: string, @Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const input = parseBody(PatchBody, body);
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
