import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { z } from 'zod';
import { EventStore } from '../../../eventstore/event-store.port';
import { parseBody } from '../../../http/parse-body';
import { notFound } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { leadStream } from '../lead';
import { loadLead } from '../load-lead';
import { checkReassign } from './agent-of-office';
import { ReassignLeadCommand } from './reassign-lead.command';

const Body_ = z.strictObject({ agentId: z.uuid({ error: 'agentId is not an id' }) });

@Controller('api/dashboard/leads')
export class ReassignLeadController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  /** A broker moves one of the office's leads to another agent of the office (or takes it): LeadReassigned. */
  @Post(':leadId/reassign')
  @HttpCode(200)
  async reassign(@Param('leadId') leadId: string, @Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { agentId } = parseBody(Body_, body);
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !mayView(viewer, lead)) throw notFound();
    await checkReassign(this.store, viewer, lead.brokerId, agentId);
    await this.commands.execute(new ReassignLeadCommand(leadStream(lead.leadId), { leadId: lead.leadId, agentId, byUserId: viewer.userId }, commandContextOf(req)));
    return { isSuccess: true, leadId: lead.leadId, agentId };
  }
}
