import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { DB_POOL } from '../../../app/tokens';
import { handleCommand } from '../../../commands/handle-command';
import { DEFAULT_SHOWING_MINUTES } from '../../../contract/showings';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { commandContextOf } from '../../../commands/request-context';
import { showingPlace } from '../showing-place';
import { instantField as instant, oneOf } from '../../../http/fields';
import { organizerOf, scopedLead } from '../showing-scope';
import { showingStream } from '../showings.events';
import { proposeShowingDecider } from './propose-showing.decide';

export const LISTING_NOT_FOUND = 'Listing not found';

const ProposeBody = z.strictObject({
  pdid: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'pdid is not a listing id' }),
  start: instant('start'),
  end: instant('end').optional(),
  /** 'confirmed': the lead agreed already (the invitation goes at once); else a proposal the agent confirms later. */
  status: oneOf(['requested', 'confirmed'] as const, 'status must be requested or confirmed').optional(),
  message: z.string().trim().max(1000).optional(),
  /** The form's own id for this showing: sending it again (a retry) makes it once. */
  showingId: z.uuid().optional(),
});

/** An agent's proposal of a showing to a lead they may work (contract section 5b). */
@Controller('api/dashboard/leads')
export class ProposeShowingController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @ApiDoc({ summary: 'Propose (or book) a showing of a listing to a lead', tag: 'Showings', access: 'agents, brokers, staff (their scope)', body: ProposeBody, responses: { 201: '{showingId}' } })
  @Post(':leadId/showings')
  @HttpCode(201)
  async propose(@Param('leadId') leadId: string, @Body() body: unknown, @Req() req: Request) {
    const scoped = await scopedLead(this.store, req, leadId);
    const input = parseBody(ProposeBody, body);
    const place = await showingPlace(this.store, this.pool, input.pdid, scoped.lead.agentId);
    if (!place) throw notFound(LISTING_NOT_FOUND);
    const showingId = input.showingId ?? newId();
    const now = new Date();
    await handleCommand(
      this.store,
      showingStream(showingId),
      proposeShowingDecider,
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
      },
      commandContextOf(req),
    );
    return { showingId };
  }
}
