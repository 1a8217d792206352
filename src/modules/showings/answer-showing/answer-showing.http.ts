import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { listShowings } from '../../../../projections/showings';
import { DB_POOL } from '../../../runtime/tokens';
import { type LeadShowingView, showingWhen } from '../../../contract/showings';
import { EventStore } from '../../../eventstore/event-store.port';
import type { RateLimit } from '../../../http/rate-limiter';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden, notFound } from '../../../shared/errors';
import { AddressLimiter, requireAuth, SecretKey } from '../../accounts';
import { commandContextOf } from '../../../commands/request-context';
import { leadIdFor, loadLead } from '../../leads';
import { showingCoverageGap } from '../../agreements';
import { requireSite } from '../../sites';
import { loadShowing, type Showing } from '../showing';
import { showingStream } from '../showings.events';
import { openProposalLink } from './showing-answer-link';
import { AnswerShowingCommand } from './answer-showing.command';

export const LINK_NOT_VALID = 'This link is not valid';
export const LINK_EXPIRED = 'This link has expired: open your organizer to answer';
/** The proposal link can be tried by anyone who has it: 30 a minute per client address. */
export const PROPOSAL_LINK_LIMIT: RateLimit = {
  name: 'showing-proposal-link',
  limit: 30,
  windowSeconds: 60,
  message: 'Too many requests; please try again in a minute',
};

const { showingAnswers } = contract;

const leadView = (s: Extract<Showing, { exists: true }>): LeadShowingView => ({
  showingId: s.showingId,
  pdid: s.pdid,
  address: s.address,
  timeZone: s.timeZone,
  start: s.start,
  end: s.end,
  when: showingWhen(s.start, s.timeZone),
  status: s.status,
  sequence: s.sequence,
  canAccept: s.status === 'requested' && s.timeBy === 'agent',
});

/**
 * The lead's side of their showings (issue 16): the list in their organizer, accepting the time
 * the office proposed, cancelling; and the proposal e-mail's signed link, which accepts that one
 * version of the time without signing in. A lead answers only showings of their own leads (any
 * other 404); the office answers on the dashboard.
 */
@Controller()
export class AnswerShowingController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(AddressLimiter) private readonly limiter: AddressLimiter,
  ) {}

  @Route(showingAnswers.mine)
  async mine(@Req() req: Request) {
    const auth = requireAuth(req);
    const leadId = leadIdFor(auth.userId, requireSite(req).siteId);
    const ids = (await listShowings(this.pool, { kind: 'lead', leadId }, null)).map((s) => s.showingId);
    const showings = await Promise.all(ids.map((id) => loadShowing(this.store, id)));
    return { showings: showings.filter((s) => s.exists).map(leadView) };
  }

  @Route(showingAnswers.accept)
  async accept(@Param('showingId') showingId: string, @Body() { sequence }: BodyOf<typeof showingAnswers.accept>, @Req() req: Request) {
    return this.answer(req, await this.ownShowing(req, showingId), 'accept', sequence);
  }

  @Route(showingAnswers.cancel)
  async cancel(@Param('showingId') showingId: string, @Body() _body: BodyOf<typeof showingAnswers.cancel>, @Req() req: Request) {
    return this.answer(req, await this.ownShowing(req, showingId), 'cancel');
  }

  @Route(showingAnswers.byLink)
  async link(@Query() { t }: QueryOf<typeof showingAnswers.byLink>, @Req() req: Request) {
    const { showing, sequence } = await this.byLink(req, t);
    return { showing: leadView(showing), linkSequence: sequence };
  }

  @Route(showingAnswers.acceptByLink)
  async acceptByLink(@Body() { t }: BodyOf<typeof showingAnswers.acceptByLink>, @Req() req: Request) {
    const { showing, sequence, userId } = await this.byLink(req, t);
    return this.answer(req, { showing, userId }, 'accept', sequence);
  }

  /** A showing of one of the signed-in person's leads, else 404 (signed out 401). */
  private async ownShowing(req: Request, showingId: string) {
    const auth = requireAuth(req);
    const showing = await loadShowing(this.store, showingId);
    const { lead } = showing.exists ? await loadLead(this.store, showing.leadId) : { lead: null };
    if (!showing.exists || !lead?.exists || lead.userId !== auth.userId) throw notFound();
    return { showing, userId: auth.userId };
  }

  private async byLink(req: Request, token: unknown) {
    await this.limiter.enforce(PROPOSAL_LINK_LIMIT, req);
    const link = openProposalLink(await this.secret.get(), token, new Date());
    if (!link.ok) throw link.reason === 'expired' ? forbidden(LINK_EXPIRED) : forbidden(LINK_NOT_VALID);
    const showing = await loadShowing(this.store, link.showingId);
    const { lead } = showing.exists ? await loadLead(this.store, showing.leadId) : { lead: null };
    if (!showing.exists || !lead?.exists) throw forbidden(LINK_NOT_VALID);
    return { showing, sequence: link.sequence, userId: lead.userId };
  }

  private async answer(req: Request, own: { showing: Extract<Showing, { exists: true }>; userId: string }, answer: 'accept' | 'cancel', sequence?: number) {
    const { lead } = await loadLead(this.store, own.showing.leadId);
    const { showing } = own;
    const uncovered =
      answer === 'accept' &&
      (await showingCoverageGap(this.store, {
        leadId: showing.leadId,
        leadName: lead.exists ? lead.fullName : '',
        pdid: showing.pdid,
        start: showing.start,
        timeZone: showing.timeZone,
      })) !== null;
    const { state } = await this.commands.execute(
      new AnswerShowingCommand(
        showingStream(own.showing.showingId),
        {
          showingId: own.showing.showingId,
          leadUserId: own.userId,
          answer,
          ...(sequence === undefined ? {} : { sequence }),
          organizerId: lead.exists ? lead.agentId : null,
          now: new Date().toISOString(),
          uncovered,
        },
        commandContextOf(req),
      ),
    );
    if (!state.exists) throw notFound();
    return { isSuccess: true as const, showing: leadView(state) };
  }
}
