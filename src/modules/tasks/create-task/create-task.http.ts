import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { newId } from '../../../shared/ids';
import { notFound } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { loadLead } from '../../leads';
import { taskStream } from '../tasks.events';
import { CreateTaskCommand } from './create-task.command';

@Controller()
export class CreateTaskController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  /** A task on a lead the viewer may see (else 404); it goes to the lead's agent (or the creator while nobody holds the lead). */
  @Route(contract.tasks.create)
  async create(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.tasks.create>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !mayView(viewer, lead)) throw notFound();
    const taskId = newId();
    await this.commands.execute(
      new CreateTaskCommand(
        taskStream(taskId),
        {
          taskId,
          leadId: lead.leadId,
          siteId: lead.siteId,
          officeId: lead.officeId,
          leadAgentId: lead.agentId,
          title: input.title,
          taskType: input.type,
          dueAt: input.dueAt,
          byUserId: viewer.userId,
        },
        commandContextOf(req),
      ),
    );
    return { taskId };
  }
}
