import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { parseBody } from '../../../http/parse-body';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { newId } from '../../../shared/ids';
import { notFound } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { loadLead } from '../../leads';
import { dueAt, taskTitle, taskType } from '../task-body';
import { taskStream } from '../tasks.events';
import { createTaskDecider } from './create-task.decide';

const CreateBody = z.strictObject({ title: taskTitle, type: taskType, dueAt });

@Controller('api/dashboard/leads')
export class CreateTaskController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  /** A task on a lead the viewer may see (else 404); it goes to the lead's agent (or the creator while nobody holds the lead). */
  @ApiDoc({ summary: "A task on a lead, for the lead's agent", tag: 'Working a lead', access: 'agents, brokers, staff (their scope)', body: CreateBody, responses: { 201: '{taskId}' } })
  @Post(':leadId/tasks')
  @HttpCode(201)
  async create(@Param('leadId') leadId: string, @Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const input = parseBody(CreateBody, body);
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !mayView(viewer, lead)) throw notFound();
    const taskId = newId();
    await handleCommand(
      this.store,
      taskStream(taskId),
      createTaskDecider,
      { taskId, leadId: lead.leadId, siteId: lead.siteId, officeId: lead.brokerId, leadAgentId: lead.agentId, title: input.title, taskType: input.type, dueAt: input.dueAt, byUserId: viewer.userId },
      commandContextOf(req),
    );
    return { taskId };
  }
}
