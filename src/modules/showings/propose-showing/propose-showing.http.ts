import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { DEFAULT_SHOWING_MINUTES } from '../../../contract/showings';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { commandContextOf } from '../../../commands/request-context';
import { showingCoverageGap } from '../../agreements';
import { showingPlace } from '../showing-place';
import { organizerOf, scopedLead } from '../showing-scope';
import { showingStream } from '../showings.events';
import { ProposeShowingCommand } from './propose-showing.command';

export const LISTING_NOT_FOUND = 'Listing not found';

/** An agent's proposal of a showing to a lead they may work (contract section 5b). */
@Controller()
export class ProposeShowingController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.showings.propose)
  async propose(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.showings.propose>, @Req() req: Request) {
    const scoped = await scopedLead(this.store, req, leadId);
    const place = await showingPlace(this.store, this.pool, input.pdid, scoped.lead.agentId);
    if (!place) throw notFound(LISTING_NOT_FOUND);
    const showingId = input.showingId ?? newId();
    const uncovered =
      input.status === 'confirmed'
        ? await showingCoverageGap(this.store, {
            leadId: scoped.lead.leadId,
            leadName: scoped.lead.fullName,
            pdid: place.pdid,
            start: input.start,
            timeZone: place.timeZone,
          })
        : null;
    const now = new Date();
    await this.commands.execute(
      new ProposeShowingCommand(
        showingStream(showingId),
        {
          ...place,
          showingId,
          leadId: scoped.lead.leadId,
          siteId: scoped.lead.siteId,
          start: input.start,
          end: input.end ?? new Date(Date.parse(input.start) + DEFAULT_SHOWING_MINUTES * 60_000).toISOString(),
          proposedBy: 'agent',
          byUserId: scoped.viewer.userId,
          message: input.message ?? '',
          requestEventId: null,
          confirm: input.status === 'confirmed' ? { organizerId: organizerOf(scoped) } : null,
          now: now.toISOString(),
          uncovered,
        },
        commandContextOf(req),
      ),
    );
    return { showingId };
  }
}
