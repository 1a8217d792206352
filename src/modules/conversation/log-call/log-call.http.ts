import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { z } from 'zod';
import { CALL_DURATION_MAX_SECONDS, CALL_NOTES_MAX, CALL_OUTCOMES } from '../../../contract/calls';
import { EventStore } from '../../../eventstore/event-store.port';
import { oneOf } from '../../../http/fields';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { callsStream, type CallOutcome } from '../conversation.events';
import { loadLead } from '../../leads';
import { LogCallCommand } from './log-call.command';

const CallBody = z.strictObject({
  outcome: oneOf<CallOutcome>(CALL_OUTCOMES, 'outcome must be connected, left-voicemail, no-answer or wrong-number'),
  durationSeconds: z.number().int().min(0).max(CALL_DURATION_MAX_SECONDS).nullable().optional(),
  notes: z.string().trim().max(CALL_NOTES_MAX).optional(),
  /** The form's own id for this call: sending it again (a retry) logs it once. */
  callId: z.uuid().optional(),
});

/**
 * Calls on a lead (contract section 5b): click-to-call happens on the agent's phone; this records
 * what came of it, on `calls-{leadId}`. Scoped like the dashboard on the write side's lead (an
 * agent: their own leads, so a pond lead only once claimed; the broker: the office; staff: all);
 * outside it 404, a lead 403, signed out 401.
 */
@Controller('api/dashboard/leads')
export class LogCallController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @ApiDoc({ summary: 'Log a call made to a lead (counts as first contact)', tag: 'Working a lead', access: 'agents, brokers, staff (their scope)', body: CallBody, responses: { 201: '{callId}' } })
  @Post(':leadId/calls')
  @HttpCode(201)
  async log(@Param('leadId') leadId: string, @Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const input = parseBody(CallBody, body);
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !mayView(viewer, lead)) throw notFound();
    const callId = input.callId ?? newId();
    await this.commands.execute(

      new LogCallCommand(callsStream(lead.leadId), { leadId: lead.leadId, siteId: lead.siteId, callId, byUserId: viewer.userId, outcome: input.outcome, durationSeconds: input.durationSeconds ?? null, notes: input.notes ?? '' }, commandContextOf(req)),

    );
    return { callId };
  }
}
