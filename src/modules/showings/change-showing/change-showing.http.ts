import { Body, Controller, Inject, Param, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '../../../commands/handle-command';
import { SHOWING_CHANGES } from '../../../contract/showings';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { notFound, validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { loadShowing } from '../showing';
import { instantField as instant, oneOf } from '../../../http/fields';
import { organizerOf, scopedLead } from '../showing-scope';
import { showingStream } from '../showings.events';
import { changeShowingDecider } from './change-showing.decide';

const ChangeBody = z.strictObject({
  status: oneOf(SHOWING_CHANGES, 'status must be confirmed, cancelled or done').optional(),
  start: instant('start').optional(),
  end: instant('end').optional(),
});

/** The office answers a showing: confirm, propose another time (or move a confirmed one), cancel, done (contract section 5b). */
@Controller('api/dashboard/showings')
export class ChangeShowingController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @ApiDoc({ summary: 'Confirm, move, cancel or complete a showing', tag: 'Showings', access: "agents, brokers, staff (the lead's scope)", body: ChangeBody, responses: { 200: '{isSuccess, showing}' } })
  @Patch(':showingId')
  async change(@Param('showingId') showingId: string, @Body() body: unknown, @Req() req: Request) {
    dashboardViewer(req);
    const input = parseBody(ChangeBody, body);
    if (input.status === undefined && input.start === undefined && input.end === undefined) throw validation('Say what changes: status, start or end');
    const showing = await loadShowing(this.store, showingId);
    if (!showing.exists) throw notFound();
    const scoped = await scopedLead(this.store, req, showing.leadId);
    const { state } = await handleCommand(
      this.store,
      showingStream(showing.showingId),
      changeShowingDecider,
      { showingId: showing.showingId, byUserId: scoped.viewer.userId, organizerId: organizerOf(scoped), ...input, now: new Date().toISOString() },
      commandContextOf(req),
    );
    if (!state.exists) throw notFound();
    const { showingId: id, leadId, pdid, address, timeZone, start, end, status } = state;
    return { isSuccess: true, showing: { showingId: id, leadId, pdid, address, timeZone, start, end, status } };
  }
}
