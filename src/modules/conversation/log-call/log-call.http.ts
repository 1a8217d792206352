import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { callsStream } from '../conversation.events';
import { loadLead } from '../../leads';
import { LogCallCommand } from './log-call.command';

/**
 * Calls on a lead (contract section 5b): click-to-call happens on the agent's phone; this records
 * what came of it, on `calls-{leadId}`. Scoped like the dashboard on the write side's lead (an
 * agent: their own leads, so a pond lead only once claimed; the broker: the office; staff: all);
 * outside it 404, a lead 403, signed out 401.
 */
@Controller()
export class LogCallController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Route(contract.conversation.logCall)
  async log(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.conversation.logCall>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !mayView(viewer, lead)) throw notFound();
    const callId = input.callId ?? newId();
    await this.commands.execute(
      new LogCallCommand(
        callsStream(lead.leadId),
        {
          leadId: lead.leadId,
          siteId: lead.siteId,
          callId,
          byUserId: viewer.userId,
          outcome: input.outcome,
          durationSeconds: input.durationSeconds ?? null,
          notes: input.notes ?? '',
        },
        commandContextOf(req),
      ),
    );
    return { callId };
  }
}
