import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { notFound, validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { showingCoverageGap } from '../../agreements';
import { loadShowing } from '../showing';
import { organizerOf, scopedLead } from '../showing-scope';
import { showingStream } from '../showings.events';
import { ChangeShowingCommand } from './change-showing.command';

/** The office answers a showing: confirm, propose another time (or move a confirmed one), cancel, done (contract section 5b). */
@Controller()
export class ChangeShowingController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Route(contract.showings.change)
  async change(@Param('showingId') showingId: string, @Body() input: BodyOf<typeof contract.showings.change>, @Req() req: Request) {
    dashboardViewer(req);
    if (input.status === undefined && input.start === undefined && input.end === undefined) throw validation('Say what changes: status, start or end');
    const showing = await loadShowing(this.store, showingId);
    if (!showing.exists) throw notFound();
    const scoped = await scopedLead(this.store, req, showing.leadId);
    const at = input.start ?? showing.start;
    const uncovered = await showingCoverageGap(this.store, {
      leadId: showing.leadId,
      leadName: scoped.lead.fullName,
      pdid: showing.pdid,
      start: at,
      timeZone: showing.timeZone,
    });
    const { state } = await this.commands.execute(
      new ChangeShowingCommand(
        showingStream(showing.showingId),
        { showingId: showing.showingId, byUserId: scoped.viewer.userId, organizerId: organizerOf(scoped), ...input, now: new Date().toISOString(), uncovered },
        commandContextOf(req),
      ),
    );
    if (!state.exists) throw notFound();
    const { showingId: id, leadId, pdid, address, timeZone, start, end, status } = state;
    return { isSuccess: true as const, showing: { showingId: id, leadId, pdid, address, timeZone, start, end, status } };
  }
}
