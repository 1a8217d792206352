import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { leadStream } from '../lead';
import { loadLead } from '../load-lead';
import { checkReassign } from './agent-of-office';
import { ReassignLeadCommand } from './reassign-lead.command';

@Controller()
export class ReassignLeadController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  /** A broker moves one of the office's leads to another agent of the office (or takes it): LeadReassigned. */
  @Route(contract.leads.reassign)
  async reassign(@Param('leadId') leadId: string, @Body() { agentId }: BodyOf<typeof contract.leads.reassign>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !mayView(viewer, lead)) throw notFound();
    await checkReassign(this.store, viewer, lead.officeId, agentId);
    await this.commands.execute(
      new ReassignLeadCommand(leadStream(lead.leadId), { leadId: lead.leadId, agentId, byUserId: viewer.userId }, commandContextOf(req)),
    );
    return { isSuccess: true as const, leadId: lead.leadId, agentId };
  }
}
